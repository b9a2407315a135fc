// PostgreSQL pass: the node-postgres driver and its connection pool, which PGlite does not use.
/** A PostgreSQL connection lost while idle (server restart, terminated backend) must not end the server. */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './open';
import { openTestDatabase } from '../test-support/test-database';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let handle: DatabaseHandle;

beforeAll(async () => {
  if (onPostgres) handle = await openTestDatabase();
});
afterAll(() => handle?.close());

describe.runIf(onPostgres)('on PostgreSQL', () => {
  it('keeps answering after the server ends its idle connections', async () => {
    await handle.db.execute(sql`select 1`);
    const [{ current_database: database }] = (await handle.db.execute(sql`select current_database()`)).rows as [
      { current_database: string },
    ];
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // The pool drops the dead client and opens a new one; the lost connection is only reported.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await handle.db.execute(sql`select 2 as two`);
    expect(again.rows).toEqual([{ two: 2 }]);
  });
});
