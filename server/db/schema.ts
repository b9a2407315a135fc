/**
 * The Drizzle schema: one definition for PGlite and PostgreSQL, split by area. Migrations in
 * ./migrations are generated from the schema files (drizzle.config.ts lists them) with `npm run
 * db:generate`; never edit them by hand, except to append a data step to a freshly generated file
 * (0008 backfills the usage ledger).
 *
 * IDs are opaque text (random UUIDs at run time, readable fixed ids for the demo seed). Code imports
 * the tables from here; the NLU tables are in schema-nlu.ts.
 */
export * from './schema-shared';
export * from './schema-accounts';
export * from './schema-projects';
export * from './schema-analyses';
export * from './schema-replies';
export * from './schema-toolbox';
export * from './schema-integrations';
export * from './schema-testing-center';
export * from './schema-testing-runs';
export * from './schema-self-service';
