/**
 * The databases a server test file starts from, built once per test run rather than once per file: a
 * fresh PGlite costs about 7 s of CPU (initdb, then the migrations), loading a dumped data folder
 * about 1.5 s, seeding the demo 2 s more (its users' scrypt hashes, the NLU and testing-center rows).
 * The first file that needs a snapshot builds it in the run's folder (pglite-snapshot-dir.ts; a lock
 * file keeps the others waiting on it) and every later file loads it. The folder lives for one run, so
 * a changed migration or seed is always in it. Two snapshots: migrated, and migrated then seeded with
 * the demo. The seed writes times relative to now (a started NLU server stops after 5 idle minutes,
 * dashboard windows), which a snapshot taken at the start of a long run would make stale: a file
 * loading the seeded one moves every time in it forward by the snapshot's age, so it reads as if
 * seeded when it was loaded. Without the folder (a bench, a script), the database is built as before.
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed-data';
import { migrateDatabase } from '../db/migrate';
import { dumpPglite, MEMORY, openDatabase, openPgliteDump, type Database, type DatabaseHandle, type PgliteOpenOptions } from '../db/open';
import { seedDemo } from '../db/seed';
import { SNAPSHOT_DIR_VARIABLE } from './pglite-snapshot-dir';

/** PostgreSQL's shared buffers in the databases loaded from a snapshot (see buildOnce). */
const TEST_SHARED_BUFFERS = '16MB';

/** A hang guard for a file waiting on another's build: a build takes seconds, a minute on a busy machine. */
const BUILD_WAIT_MS = 180_000;

async function built(options: PgliteOpenOptions = {}): Promise<DatabaseHandle> {
  const handle = await openDatabase(MEMORY, options);
  await migrateDatabase(handle);
  return handle;
}

/**
 * The demo users of the seeded snapshot sign in in a millisecond: their hashes are scrypt at 2^10,
 * not the default 2^15 (a quarter of a second of CPU each, and most server test files sign four
 * users in). The stored form carries its cost, so the same verification code reads them; the tests
 * of hashing cost hash their own passwords.
 */
const DEMO_HASH_COST = { log2N: 10, r: 8, p: 1 };

async function seeded(options: PgliteOpenOptions = {}): Promise<DatabaseHandle> {
  const handle = await openMigratedPglite(options);
  await seedDemo(handle.db);
  const demoUsers = await handle.db.select({ id: users.id }).from(users).where(isNotNull(users.passwordHash));
  for (const { id } of demoUsers) {
    await handle.db.update(users).set({ passwordHash: await hashPassword(DEMO_PASSWORD, DEMO_HASH_COST) }).where(eq(users.id, id));
  }
  return handle;
}

/**
 * An in-memory database written as a PGlite data folder, for a server process to open (`dir` is the
 * folder PGlite owns: `<data folder>/pglite`): a test prepares its rows on a snapshot in memory, then
 * hands them over in a second rather than building a folder with initdb, migrations and the seed.
 */
export async function writePgliteFolder(handle: DatabaseHandle, dir: string): Promise<void> {
  const folder = new PGlite({ dataDir: dir, loadDataDir: await dumpPglite(handle) });
  await folder.waitReady;
  await folder.close();
}

/** A private in-memory PGlite database, migrated. */
export async function openMigratedPglite(options: PgliteOpenOptions = {}): Promise<DatabaseHandle> {
  return (await openSnapshot('migrated.tar', built, options)).handle;
}

/** A private in-memory PGlite database, migrated and seeded with the demo as of now. */
export async function openSeededPglite(options: PgliteOpenOptions = {}): Promise<DatabaseHandle> {
  const dir = process.env[SNAPSHOT_DIR_VARIABLE];
  const { handle, loaded } = await openSnapshot('seeded.tar', seeded, options);
  // The database this call built is as of now; one loaded from the tarball is as old as the tarball.
  const takenAt = dir === undefined || !loaded ? undefined : readTakenAt(join(dir, 'seeded.tar'));
  if (takenAt !== undefined) await moveTimesForward(handle.db, Date.now() - takenAt);
  return handle;
}

async function openSnapshot(
  name: string,
  build: (options: PgliteOpenOptions) => Promise<DatabaseHandle>,
  options: PgliteOpenOptions,
): Promise<{ handle: DatabaseHandle; loaded: boolean }> {
  const dir = process.env[SNAPSHOT_DIR_VARIABLE];
  if (!dir) return { handle: await build(options), loaded: false };
  const file = join(dir, name);
  if (!existsSync(file)) {
    const own = await buildOnce(file, build, options);
    if (own !== null) return { handle: own, loaded: false };
  }
  return { handle: await openPgliteDump(tarballOf(file), options), loaded: true };
}

/** Each snapshot's bytes, read once per test process (the files of the `shared` project share it). */
const snapshotBytes = new Map<string, Buffer>();

/**
 * The snapshot as PGlite reads a tarball (it calls `arrayBuffer()` and reads `type`), without a
 * Blob: Node 20's Blob copies 43 MB on construction and reads it back chunk by chunk, half a second
 * of CPU for each file's database. Each read answers a copy, so no database sees another's writes.
 */
function tarballOf(file: string): Blob {
  let bytes = snapshotBytes.get(file);
  if (bytes === undefined) snapshotBytes.set(file, (bytes = readFileSync(file)));
  const source = bytes;
  return {
    type: 'application/x-tar',
    size: source.byteLength,
    arrayBuffer: async () => source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength),
  } as Blob;
}

/** When a snapshot's database was built (its sidecar, written before the snapshot appears). */
function readTakenAt(file: string): number | undefined {
  return existsSync(`${file}.taken-at`) ? Number(readFileSync(`${file}.taken-at`, 'utf8')) : undefined;
}

/**
 * Every time of every table, moved `ms` forward: the database then reads as if built `ms` later. The
 * columns are found in the catalogue, so a table or column added later is moved too.
 */
export async function moveTimesForward(db: Database, ms: number): Promise<void> {
  if (!(ms > 0)) return;
  const interval = `${Math.round(ms)} milliseconds`;
  await db.execute(sql`
    DO $$
    DECLARE target record;
    BEGIN
      FOR target IN
        SELECT c.table_schema, c.table_name, string_agg(format('%I = %I + %L::interval', c.column_name, c.column_name, ${sql.raw(`'${interval}'`)}), ', ') AS assignments
        FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE t.table_type = 'BASE TABLE'
          AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
          AND c.data_type IN ('timestamp with time zone', 'timestamp without time zone', 'date')
        GROUP BY c.table_schema, c.table_name
      LOOP
        EXECUTE format('UPDATE %I.%I SET ', target.table_schema, target.table_name) || target.assignments;
      END LOOP;
    END $$`);
}

/**
 * Builds the snapshot if no other file is building it, and answers the database it was dumped from;
 * otherwise waits for the other's tarball (null). A build that failed leaves no lock behind, so the
 * files waiting on it build for themselves and report the cause.
 */
async function buildOnce(
  file: string,
  build: (options: PgliteOpenOptions) => Promise<DatabaseHandle>,
  options: PgliteOpenOptions,
): Promise<DatabaseHandle | null> {
  const lockPath = `${file}.lock`;
  let lock: number;
  try {
    lock = openSync(lockPath, 'wx');
  } catch {
    const deadline = Date.now() + BUILD_WAIT_MS;
    while (!existsSync(file)) {
      if (!existsSync(lockPath)) return build(options);
      if (Date.now() > deadline) throw new Error(`No migrated database snapshot after ${BUILD_WAIT_MS / 1000} s: ${file}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }
  try {
    const handle = await build(options);
    const takenAt = Date.now();
    // The databases loaded from the snapshot start with small shared buffers: PostgreSQL clears them
    // at start, and the default 128 MB cost each test file a second of CPU for tables of a few pages.
    await handle.db.execute(sql.raw(`ALTER SYSTEM SET shared_buffers = '${TEST_SHARED_BUFFERS}'`));
    const dump = await dumpPglite(handle);
    writeFileSync(`${file}.taken-at`, String(takenAt));
    // Written aside, then renamed: a reader never sees half a tarball.
    writeFileSync(`${file}.${process.pid}`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.${process.pid}`, file);
    return handle;
  } finally {
    closeSync(lock);
    if (!existsSync(file)) unlinkSync(lockPath);
  }
}
