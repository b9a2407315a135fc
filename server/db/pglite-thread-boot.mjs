// Loads the database thread: bundled when it can be, through tsx otherwise (worker-entry.mjs).
import { importWorkerEntry } from '../../src/parsing/worker-entry.mjs';

await importWorkerEntry(new URL('./pglite-thread-worker.ts', import.meta.url));
