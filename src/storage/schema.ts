/** Names shared by the Dexie database (db.ts) and the Dexie-free first read (first-read.ts). */
export interface StoredEntry {
  key: string;
  value: unknown;
  updatedAt: number;
}

export const DB_NAME = 'postroom';
export const ENTRIES_TABLE = 'entries';
