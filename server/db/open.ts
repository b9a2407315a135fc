/**
 * Opens the database: PGlite (PostgreSQL compiled to WASM) in a data folder or in memory, or a
 * PostgreSQL server when given a postgres:// URL. Everything above this file sees one `Database` type.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as mainSchema from './schema';
import * as nluSchema from './schema-nlu';

const schema = { ...mainSchema, ...nluSchema };

export type Schema = typeof schema;

/** What routes, seed and tests use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle =
  | { kind: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: NodePgDatabase<Schema>; pool: pg.Pool; close(): Promise<void> };

/** In-memory PGlite: nothing on disk, gone when closed (tests). */
export const MEMORY = 'memory://';

/**
 * - extensions the migrations create (PostgreSQL servers ship them in contrib; PGlite loads them here);
 * - bytea through Buffer's hex codec: PGlite's own goes byte by byte through an array of strings,
 *   about 0.4 s per MB (a 25 MB upload took 10 s to store); this one is 6 to 20 times faster.
 */
const PGLITE_OPTIONS: PGliteOptions = {
  extensions: { pg_trgm },
  serializers: {
    [types.BYTEA]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: { [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
};

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/**
 * `location` is `memory://`, a folder for PGlite (created if missing), or a postgres:// URL.
 * Opening a fresh PGlite folder runs initdb (a few seconds); reopening is quick.
 */
export async function openDatabase(location: string): Promise<DatabaseHandle> {
  if (POSTGRES_URL.test(location)) return openPostgres(location);
  if (location === MEMORY) return openPglite(new PGlite(PGLITE_OPTIONS));
  await mkdir(location, { recursive: true });
  return openPglite(new PGlite({ ...PGLITE_OPTIONS, dataDir: location }));
}

/**
 * In-memory PGlite started from a data folder dumped by `dumpPglite` (its tarball): no initdb, no
 * migrations to run again. The test suite starts each file's database this way (test-support).
 */
export async function openPgliteDump(dump: Blob): Promise<DatabaseHandle> {
  const client = new PGlite({ ...PGLITE_OPTIONS, loadDataDir: dump });
  await client.waitReady;
  return openPglite(client);
}

/** The data folder of an open PGlite database as a tarball, for `openPgliteDump`. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  if (handle.kind !== 'pglite') throw new Error('Only a PGlite database can be dumped.');
  return handle.client.dumpDataDir('none');
}

function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return { kind: 'pglite', db, client, close: () => client.close() };
}

function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString });
  // node-postgres reports a lost idle connection (server restart, terminated backend) as an 'error'
  // event of the pool; unhandled, it would end the process. The pool drops that client and the next
  // query opens a new connection, so saying it is enough.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePostgres({ client: pool, schema });
  return { kind: 'postgres', db, pool, close: () => pool.end() };
}
