/**
 * Opens the database: PGlite (PostgreSQL compiled to WASM) in a data folder or in memory, or a
 * PostgreSQL server when given a postgres:// URL. Everything above this file sees one `Database` type.
 */
import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PGLITE_OPTIONS } from './pglite-options';
import { PreparingPglite } from './pglite-prepared';
import { PgliteThread } from './pglite-thread';
import * as mainSchema from './schema';
import * as nluSchema from './schema-nlu';

const schema = { ...mainSchema, ...nluSchema };

export type Schema = typeof schema;

/** What routes, seed and tests use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle =
  | { kind: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite | PgliteThread; close(): Promise<void> }
  | { kind: 'postgres'; db: NodePgDatabase<Schema>; pool: pg.Pool; close(): Promise<void> };

/** In-memory PGlite: nothing on disk, gone when closed (tests). */
export const MEMORY = 'memory://';

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export interface PgliteOpenOptions {
  /**
   * PGlite in a database thread of its own (pglite-thread.ts), as the server runs it: the thread that
   * answers HTTP then does none of the database's work. Off: PGlite in the calling thread.
   */
  thread?: boolean;
}

/**
 * `location` is `memory://`, a folder for PGlite (created if missing), or a postgres:// URL.
 * Opening a fresh PGlite folder runs initdb (a few seconds); reopening is quick.
 */
export async function openDatabase(location: string, options: PgliteOpenOptions = {}): Promise<DatabaseHandle> {
  if (POSTGRES_URL.test(location)) return openPostgres(location);
  const dataDir = location === MEMORY ? undefined : location;
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  if (options.thread) return openPglite(await PgliteThread.open({ dataDir }));
  const client = new PreparingPglite({ ...PGLITE_OPTIONS, dataDir });
  await client.waitReady;
  return openPglite(client);
}

/**
 * In-memory PGlite started from a data folder dumped by `dumpPglite` (its tarball): no initdb, no
 * migrations to run again. The test suite starts each file's database this way (test-support).
 */
export async function openPgliteDump(dump: Blob, options: PgliteOpenOptions = {}): Promise<DatabaseHandle> {
  if (options.thread) return openPglite(await PgliteThread.open({ load: await dump.arrayBuffer() }));
  const client = new PreparingPglite({ ...PGLITE_OPTIONS, loadDataDir: dump });
  await client.waitReady;
  return openPglite(client);
}

/** The data folder of an open PGlite database as a tarball, for `openPgliteDump`. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  if (handle.kind !== 'pglite') throw new Error('Only a PGlite database can be dumped.');
  return handle.client.dumpDataDir('none');
}

function openPglite(client: PGlite | PgliteThread): DatabaseHandle {
  // Drizzle's PGlite driver calls query, exec and transaction, which the database thread offers too.
  const db = drizzlePglite({ client: client as PGlite, schema });
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
