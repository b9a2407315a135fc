// Component tests run in jsdom (per-file `@vitest-environment jsdom`); IndexedDB comes from fake-indexeddb
// so Dexie runs its real code paths.
import 'fake-indexeddb/auto';

// What the file costs the machine, whatever else runs beside it: the CPU time of its process (its
// worker threads included) from here, before the test file is imported, to its end, written where
// the time reporter reads it (scripts/slowest-files-reporter.mjs). Wall time on a shared machine
// triples under load; this does not.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { startWithFreshPage } from './test-fresh-page';

const cpuAtStart = process.cpuUsage();
const cpuDir = process.env.POSTROOM_TEST_CPU_DIR;
// vitest hands hooks their fixtures first (a destructuring it insists on), the file's suite second.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  const filepath = (file as { filepath?: string }).filepath;
  if (cpuDir === undefined || filepath === undefined) return;
  const used = process.cpuUsage(cpuAtStart);
  writeFileSync(join(cpuDir, `${Buffer.from(filepath).toString('base64url')}.json`), JSON.stringify({ filepath, cpuMs: (used.user + used.system) / 1000 }));
});

// findBy… and waitFor in component tests: testing-library gives up after 1 s, which a screen waiting
// on a lazy chunk or a worker passes on a loaded 2-core machine. A hang guard, not a speed target.
if (typeof document !== 'undefined') {
  await startWithFreshPage();
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5000 });
}
