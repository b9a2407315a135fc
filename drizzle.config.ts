/** drizzle-kit settings: `npm run db:generate` writes a migration from the schema files (schema.ts lists the area files). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every area's tables (schema.ts only re-exports them); a new schema-<area>.ts needs no edit here.
  schema: './server/db/schema-*.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
