/**
 * Writes to the `entries` store with the browser's IndexedDB API rather than Dexie, the way
 * first-read.ts reads it: a signed-in page's writes (the query cache, the recent pages) would otherwise
 * download Dexie (~30 KB of compressed JavaScript) on every cold visit. Dexie still owns the database:
 * it creates and migrates it, so this writes only into a database at exactly the schema version Dexie
 * declares (db.ts) and answers `false` for any other (first visit, an older version waiting for its
 * migration), and the store then writes through Dexie.
 */
import { DB_NAME, ENTRIES_TABLE, SCHEMA_VERSION, type StoredEntry } from './schema';

/** Dexie stores its declared version times ten as the IndexedDB version. */
const IDB_VERSION = SCHEMA_VERSION * 10;

const connections = new Map<string, Promise<IDBDatabase | undefined>>();

/** One connection per database, kept open for the next writes and closed when Dexie upgrades. */
function connect(name: string): Promise<IDBDatabase | undefined> {
  let connection = connections.get(name);
  if (connection === undefined) {
    connection = new Promise((resolve) => {
      let request: IDBOpenDBRequest;
      try {
        // No version: the database as Dexie left it, never created or upgraded here.
        request = indexedDB.open(name);
      } catch {
        resolve(undefined);
        return;
      }
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = () => resolve(undefined);
      request.onblocked = () => resolve(undefined);
      request.onsuccess = () => {
        const database = request.result;
        if (database.version !== IDB_VERSION || !database.objectStoreNames.contains(ENTRIES_TABLE)) {
          database.close();
          resolve(undefined);
          return;
        }
        // Dexie opening a newer version (or deleting the database) must not wait for this connection.
        database.onversionchange = () => forget(name, database);
        database.onclose = () => forget(name, database);
        resolve(database);
      };
    });
    connections.set(name, connection);
    // A database that was missing or at another version is asked again next time (Dexie may have
    // created or migrated it meanwhile).
    void connection.then((database) => {
      if (database === undefined && connections.get(name) === connection) connections.delete(name);
    });
  }
  return connection;
}

function forget(name: string, database: IDBDatabase) {
  database.close();
  connections.delete(name);
}

/**
 * Puts `entry`, or deletes `key` when `entry` is undefined: `true` once committed, `false` when the
 * write must go through Dexie instead (no database at the current schema version, or the connection
 * was closed for Dexie's upgrade). A write IndexedDB refuses or aborts rejects, as Dexie's would.
 */
export async function writeDirectly(key: string, entry: StoredEntry | undefined, name = DB_NAME): Promise<boolean> {
  const database = await connect(name);
  if (database === undefined) return false;
  return new Promise((resolve, reject) => {
    let transaction: IDBTransaction;
    try {
      transaction = database.transaction(ENTRIES_TABLE, 'readwrite');
    } catch (error) {
      // Closed under us (an upgrade or a deletion started): Dexie reopens it as it should be.
      if (error instanceof DOMException && error.name === 'InvalidStateError') {
        forget(name, database);
        resolve(false);
      } else reject(error);
      return;
    }
    transaction.oncomplete = () => resolve(true);
    transaction.onabort = () => reject(transaction.error ?? new DOMException('The transaction was aborted', 'AbortError'));
    try {
      const store = transaction.objectStore(ENTRIES_TABLE);
      if (entry === undefined) store.delete(key);
      else store.put(entry);
    } catch (error) {
      // A value IndexedDB cannot clone, say.
      transaction.abort();
      reject(error);
    }
  });
}
