/** Names shared by the Dexie database (db.ts) and the Dexie-free read and writes (first-read.ts, direct-write.ts). */
export interface StoredEntry {
  key: string;
  value: unknown;
  updatedAt: number;
}

export const DB_NAME = 'postroom';
export const ENTRIES_TABLE = 'entries';
/** Dexie's schema version (db.ts); the Dexie-free writer (direct-write.ts) writes only at this one. */
export const SCHEMA_VERSION = 1;
