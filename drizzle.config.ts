/** drizzle-kit settings: `npm run db:generate` writes a migration from the schema files (the NLU tables have their own). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/schema-nlu.ts'],
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
