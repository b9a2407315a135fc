/**
 * vitest global setup of the unit stage: a folder, made for this run and removed after it, where the
 * server test files share their starting databases (pglite-snapshots.ts). Its path goes to the test
 * processes in the environment, which they inherit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SNAPSHOT_DIR_VARIABLE = 'POSTROOM_TEST_PGLITE_SNAPSHOTS';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'postroom-pglite-'));
  process.env[SNAPSHOT_DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
