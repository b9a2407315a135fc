/** End-to-end scenarios: a real Chromium (Debian's) against the production build and the real server. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90000,
    hookTimeout: 120000,
    fileParallelism: false,
    // One file after the other in one worker, which imports playwright-core and the support modules
    // once for all of them rather than once per file (a second or more each; they keep no state a
    // file could leave behind: each file starts its own browser connection and contexts).
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
