/** End-to-end scenarios: a real Chromium (Debian's) against the production build and the real server. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
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
  },
});
