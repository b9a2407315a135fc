export * from './keys';
export * from './store';
// Dexie (./db) is deliberately not re-exported: importing it here would put it on every page's
// critical path. Tests that need the table import it from './db'.
