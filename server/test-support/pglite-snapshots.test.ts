/**
 * The seeded snapshot the server test files start from: the demo as seedDemo writes it, with every
 * time moved forward by the snapshot's age, so a file loading it late in a long run sees an NLU server
 * started just now and rows created just now, as if it had seeded its own database.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { nluServers } from '../db/schema-nlu';
import { DEMO_USERS } from '../db/seed-data';
import type { DatabaseHandle } from '../db/open';
import { SNAPSHOT_DIR_VARIABLE } from './pglite-snapshot-dir';
import { openSeededPglite } from './pglite-snapshots';

const TEN_MINUTES = 10 * 60_000;
let dir: string;
let runFolder: string | undefined;
const opened: DatabaseHandle[] = [];

async function open(): Promise<DatabaseHandle> {
  const handle = await openSeededPglite();
  opened.push(handle);
  return handle;
}

async function timesOf(handle: DatabaseHandle) {
  const [server] = await handle.db.select({ readyAt: nluServers.readyAt, updatedAt: nluServers.updatedAt }).from(nluServers);
  return { readyAt: server!.readyAt!.getTime(), updatedAt: server!.updatedAt.getTime() };
}

beforeAll(() => {
  // A folder of this file's own, so the run's shared snapshots are neither read nor aged here.
  runFolder = process.env[SNAPSHOT_DIR_VARIABLE];
  dir = mkdtempSync(join(tmpdir(), 'postroom-snapshot-test-'));
  process.env[SNAPSHOT_DIR_VARIABLE] = dir;
});
afterAll(async () => {
  await Promise.all(opened.map((handle) => handle.close()));
  if (runFolder === undefined) delete process.env[SNAPSHOT_DIR_VARIABLE];
  else process.env[SNAPSHOT_DIR_VARIABLE] = runFolder;
  rmSync(dir, { recursive: true, force: true });
});

describe('the seeded snapshot', () => {
  it('holds the demo, its times moved forward by the age of the snapshot', async () => {
    const started = Date.now();
    const first = await open();
    const before = await timesOf(first);
    // Said to be ten minutes older than it is, as a file late in a long run would find it.
    writeFileSync(join(dir, 'seeded.tar.taken-at'), String(Date.now() - TEN_MINUTES));
    const later = await open();
    const after = await timesOf(later);

    expect(await later.db.$count(users)).toBe(DEMO_USERS.length);
    for (const key of ['readyAt', 'updatedAt'] as const) {
      // Moved by the age: ten minutes, plus at most the seconds this test took.
      expect(after[key] - before[key]).toBeGreaterThanOrEqual(TEN_MINUTES);
      expect(after[key] - before[key]).toBeLessThanOrEqual(TEN_MINUTES + (Date.now() - started));
    }
  });
});
