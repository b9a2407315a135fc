/**
 * The migrated in-memory database a server test file starts from, built once per test run rather
 * than once per file: a fresh PGlite costs about 7 s of CPU (initdb, then the migrations), loading a
 * dumped data folder about 2 s. The first file that needs it builds it in the run's folder
 * (pglite-snapshot-dir.ts; a lock file keeps the others waiting on it) and every later file loads it.
 * The folder lives for one run, so a changed migration is always in it. The demo seed is not in it:
 * it writes times relative to now (a started NLU server stops after 5 idle minutes, dashboard
 * windows), which a snapshot taken at the start of a long run would make stale. Without the folder
 * (a bench, a script), the database is built as before.
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateDatabase } from '../db/migrate';
import { dumpPglite, MEMORY, openDatabase, openPgliteDump, type DatabaseHandle, type PgliteOpenOptions } from '../db/open';
import { SNAPSHOT_DIR_VARIABLE } from './pglite-snapshot-dir';

/** A hang guard for a file waiting on another's build: a build takes seconds, a minute on a busy machine. */
const BUILD_WAIT_MS = 180_000;

async function built(options: PgliteOpenOptions = {}): Promise<DatabaseHandle> {
  const handle = await openDatabase(MEMORY, options);
  await migrateDatabase(handle);
  return handle;
}

/** A private in-memory PGlite database, migrated. */
export async function openMigratedPglite(options: PgliteOpenOptions = {}): Promise<DatabaseHandle> {
  const dir = process.env[SNAPSHOT_DIR_VARIABLE];
  if (!dir) return built(options);
  const file = join(dir, 'migrated.tar');
  if (!existsSync(file)) {
    const own = await buildOnce(file, options);
    if (own !== null) return own;
  }
  return openPgliteDump(new Blob([readFileSync(file)]), options);
}

/**
 * Builds the snapshot if no other file is building it, and answers the database it was dumped from;
 * otherwise waits for the other's tarball (null). A build that failed leaves no lock behind, so the
 * files waiting on it build for themselves and report the cause.
 */
async function buildOnce(file: string, options: PgliteOpenOptions): Promise<DatabaseHandle | null> {
  const lockPath = `${file}.lock`;
  let lock: number;
  try {
    lock = openSync(lockPath, 'wx');
  } catch {
    const deadline = Date.now() + BUILD_WAIT_MS;
    while (!existsSync(file)) {
      if (!existsSync(lockPath)) return built(options);
      if (Date.now() > deadline) throw new Error(`No migrated database snapshot after ${BUILD_WAIT_MS / 1000} s: ${file}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }
  try {
    const handle = await built(options);
    const dump = await dumpPglite(handle);
    // Written aside, then renamed: a reader never sees half a tarball.
    writeFileSync(`${file}.${process.pid}`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.${process.pid}`, file);
    return handle;
  } finally {
    closeSync(lock);
    if (!existsSync(file)) unlinkSync(lockPath);
  }
}
