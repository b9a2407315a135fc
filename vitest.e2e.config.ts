/** End-to-end scenarios: a real Chromium (Debian's) against the production build and the real server. */
import { defineConfig } from 'vitest/config';

/**
 * The files that change, or count, what belongs to the whole demo organisation: its settings and
 * quotas, and the light user's analyses of the month, which every self-service file adds to. Beside
 * another file they would read a figure the other one just changed, so they run after the others,
 * one at a time. A file that works on users and data of its own (support/fresh-users.ts, a scratch
 * environment, a domain of its own) needs no place here.
 */
const ALONE = [
  // Saves the organisation's contract start and quotas, then puts them back.
  'tests/e2e/organisation.e2e.ts',
  // Sets the monthly quota from the analyses the light user made so far, leaving two.
  'tests/e2e/self-service-quota.e2e.ts',
  // Expects the home to show the light user's count and quota as the API gave them just before.
  'tests/e2e/self-service.e2e.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 90000,
    hookTimeout: 120000,
    // Two files at a time. A scenario spends half its time waiting (a cold load of the console is a
    // chain of chunks and requests: ~1.4 s of wall time for ~0.8 s of CPU), so one file at a time
    // left a third of 2 cores idle: 920 s one by one, 745 s two by two on the same machine. Files
    // share the run's server, so each works on users and data of its own (support/fresh-users.ts).
    fileParallelism: true,
    maxWorkers: 2,
    // Each worker runs its files one after the other, importing playwright-core and the support
    // modules once for all of them rather than once per file (a second or more each; they keep no
    // state a file could leave behind: each file starts its own browser connection and contexts).
    isolate: false,
    // A page that waits on a worker (a 120-page PDF, the NLU engine) may take seconds on a busy 2-core
    // machine: polls wait for what a user would see rather than fail after vitest's default second.
    expect: { poll: { timeout: 10_000 } },
    // The files that run a server of their own (support/own-server.ts) start its database from the
    // run's migrated snapshot, as the server tests do.
    globalSetup: ['server/test-support/pglite-snapshot-dir.ts', 'tests/e2e/global-setup.ts'],
    reporters: ['default', ['./scripts/slowest-files-reporter.mjs', { suite: 'e2e' }]],
    projects: [
      // (`include` is per project: a project extending the root adds its list to the root's.)
      { extends: true, test: { name: 'side-by-side', include: ['tests/e2e/**/*.e2e.ts'], exclude: ALONE, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'alone', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
