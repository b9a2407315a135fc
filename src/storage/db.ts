/**
 * The browser database (IndexedDB through Dexie). One key/value table holds every client-stored key
 * of spec §3 (token, ghosting keys, post-login redirect, feature flags), the preferences, the recent
 * pages and the persisted query cache, so the local-storage cleaner can list and clear them uniformly.
 * Only the store (store.ts) imports this module, and lazily: the first render reads through
 * first-read.ts, so Dexie is not on the login page's critical path.
 */
import Dexie, { type EntityTable } from 'dexie';
import { DB_NAME, type StoredEntry } from './schema';

export { DB_NAME, type StoredEntry };

export class PostroomDb extends Dexie {
  entries!: EntityTable<StoredEntry, 'key'>;

  constructor(name = DB_NAME) {
    super(name);
    // Versioned migrations: add a `.version(n+1)` block, never edit an old one, and raise
    // schema.ts's SCHEMA_VERSION to the newest (direct-write.ts writes only at that version).
    this.version(1).stores({ entries: 'key, updatedAt' });
  }
}

export const db = new PostroomDb();
