/**
 * The database of one test file: in-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
 * server whose user may create databases), a throwaway database created for the file and dropped
 * when it closes, so the same suite proves the schema and queries on real PostgreSQL (.ci/run).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MEMORY, openDatabase, type DatabaseHandle } from '../db/open';

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
