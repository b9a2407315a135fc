// Loads the parse worker: bundled when it can be, through tsx otherwise (worker-entry.mjs).
import { importWorkerEntry } from './worker-entry.mjs';
import { lowerThreadPriority } from './background-priority.mjs';

// Below the main thread, which answers HTTP for every organisation (background-priority.mjs).
lowerThreadPriority();
await importWorkerEntry(new URL('./node-worker.ts', import.meta.url));
