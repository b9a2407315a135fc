/** drizzle-kit settings: `npm run db:generate` writes a migration from the schema files (schema.ts lists the area files). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The area files, not schema.ts (it only re-exports them).
  schema: ['./server/db/schema-shared.ts', './server/db/schema-accounts.ts', './server/db/schema-projects.ts', './server/db/schema-analyses.ts', './server/db/schema-nlu.ts', './server/db/schema-replies.ts', './server/db/schema-dashboard.ts', './server/db/schema-alerts.ts', './server/db/schema-testing-center.ts', './server/db/schema-testing-runs.ts'],
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
