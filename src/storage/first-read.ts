/**
 * The one read the first render waits for (every stored entry), with the browser's IndexedDB API
 * rather than Dexie: Dexie is ~30 KB of compressed JavaScript that the login page would otherwise
 * download before it can paint. Dexie (db.ts) still owns the database: it creates it, migrates it
 * and does every write; this only reads the `entries` store of whatever version exists.
 */
import { DB_NAME, ENTRIES_TABLE, type StoredEntry } from './schema';

/**
 * Every entry (or only those of `keys`), or none when the database does not exist yet (first visit)
 * or cannot be read.
 */
export function readAllEntries(name = DB_NAME, keys?: readonly string[]): Promise<StoredEntry[]> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      // No version: opens the existing database as Dexie left it, whatever its version.
      request = indexedDB.open(name);
    } catch {
      resolve([]);
      return;
    }
    // No database yet: abort, so the empty one is not created here (Dexie creates it with its schema).
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve([]);
    request.onblocked = () => resolve([]);
    request.onsuccess = () => {
      const database = request.result;
      const close = (entries: StoredEntry[]) => {
        // Closed at once, so Dexie's later upgrades are never blocked by this connection.
        database.close();
        resolve(entries);
      };
      if (!database.objectStoreNames.contains(ENTRIES_TABLE)) return close([]);
      try {
        const store = database.transaction(ENTRIES_TABLE, 'readonly').objectStore(ENTRIES_TABLE);
        if (keys === undefined) {
          const read = store.getAll();
          read.onsuccess = () => close(read.result as StoredEntry[]);
          read.onerror = () => close([]);
        } else {
          // One get per key, in one transaction: the query cache entry may be megabytes, not read here.
          const found: StoredEntry[] = [];
          let pending = keys.length;
          if (pending === 0) return close([]);
          for (const key of keys) {
            const read = store.get(key);
            read.onsuccess = () => {
              if (read.result !== undefined) found.push(read.result as StoredEntry);
              if ((pending -= 1) === 0) close(found);
            };
            read.onerror = () => close([]);
          }
        }
      } catch {
        close([]);
      }
    };
  });
}
