/**
 * The database of one test file: in-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
 * server whose user may create databases), a throwaway database created for the file and dropped
 * when it closes, so the same suite proves the schema and queries on real PostgreSQL (.ci/run).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase } from '../db/migrate';
import { MEMORY, openDatabase, type DatabaseHandle } from '../db/open';
import { seedDemo } from '../db/seed';
import { openMigratedPglite, openSeededPglite } from './pglite-snapshots';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') return openDatabase(MEMORY);

  const name = `postroom_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  } as DatabaseHandle;
}

/**
 * The file's database migrated, and seeded with the demo when asked: on PGlite, started from the run's
 * migrated or seeded snapshot (pglite-snapshots.ts); on TEST_DATABASE_URL, a throwaway database
 * migrated (and seeded) here.
 */
export async function openMigratedTestDatabase(options: { seed?: boolean; thread?: boolean } = {}): Promise<DatabaseHandle> {
  if (!process.env.TEST_DATABASE_URL) {
    return options.seed ? openSeededPglite({ thread: options.thread }) : openMigratedPglite({ thread: options.thread });
  }
  const handle = await openTestDatabase();
  await migrateDatabase(handle);
  if (options.seed) await seedDemo(handle.db);
  return handle;
}
