// Loads the module thread: bundled when it can be, through tsx otherwise (worker-entry.mjs).
import { importWorkerEntry } from '../../src/parsing/worker-entry.mjs';
import { lowerThreadPriority } from '../../src/parsing/background-priority.mjs';

// Below the main thread, which answers HTTP for every organisation (background-priority.mjs).
lowerThreadPriority();
await importWorkerEntry(new URL('./module-thread.ts', import.meta.url));
