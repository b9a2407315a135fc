// Component tests run in jsdom (per-file `@vitest-environment jsdom`); IndexedDB comes from fake-indexeddb
// so Dexie runs its real code paths.
import 'fake-indexeddb/auto';
