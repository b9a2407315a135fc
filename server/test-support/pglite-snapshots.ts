/**
 * The in-memory database a server test file starts from, built once per test run rather than once
 * per file: a fresh PGlite costs about 7 s of CPU (initdb, then the migrations) and the demo seed 2 s
 * more, where loading a dumped data folder costs about 2 s. The first file that needs a snapshot
 * builds it in the run's folder (pglite-snapshot-dir.ts; a lock file keeps the others waiting on it)
 * and every later file loads it. The folder lives for one run, so a changed migration or seed is
 * always in its snapshot. Without the folder (a bench, a script), the database is built as before.
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateDatabase } from '../db/migrate';
import { dumpPglite, MEMORY, openDatabase, openPgliteDump, type DatabaseHandle } from '../db/open';
import { seedDemo } from '../db/seed';
import { SNAPSHOT_DIR_VARIABLE } from './pglite-snapshot-dir';

/** Migrated only, or migrated and seeded with the demo. */
export type SnapshotKind = 'migrated' | 'seeded';

/** A hang guard for a file waiting on another's build: a build takes seconds, a minute on a busy machine. */
const BUILD_WAIT_MS = 180_000;

async function built(kind: SnapshotKind): Promise<DatabaseHandle> {
  const handle = await openDatabase(MEMORY);
  await migrateDatabase(handle);
  if (kind === 'seeded') await seedDemo(handle.db);
  return handle;
}

/** A private in-memory PGlite database holding the snapshot's state. */
export async function openPgliteSnapshot(kind: SnapshotKind): Promise<DatabaseHandle> {
  const dir = process.env[SNAPSHOT_DIR_VARIABLE];
  if (!dir) return built(kind);
  const file = join(dir, `${kind}.tar`);
  if (!existsSync(file)) {
    const own = await buildOnce(kind, file);
    if (own !== null) return own;
  }
  return openPgliteDump(new Blob([readFileSync(file)]));
}

/**
 * Builds the snapshot if no other file is building it, and answers the database it was dumped from;
 * otherwise waits for the other's tarball (null). A build that failed leaves no lock behind, so the
 * files waiting on it build for themselves and report the cause.
 */
async function buildOnce(kind: SnapshotKind, file: string): Promise<DatabaseHandle | null> {
  const lockPath = `${file}.lock`;
  let lock: number;
  try {
    lock = openSync(lockPath, 'wx');
  } catch {
    const deadline = Date.now() + BUILD_WAIT_MS;
    while (!existsSync(file)) {
      if (!existsSync(lockPath)) return built(kind);
      if (Date.now() > deadline) throw new Error(`No ${kind} database snapshot after ${BUILD_WAIT_MS / 1000} s: ${file}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }
  try {
    const handle = await built(kind);
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
