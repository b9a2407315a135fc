/**
 * Synchronous reads over IndexedDB: every entry is loaded into memory once, before the first render
 * (so theme, language and token are known without a flash), and writes go to both.
 * IndexedDB is read (first-read.ts) and written (direct-write.ts) with the browser's own API; Dexie
 * loads only to create or migrate the database (a first visit, a new schema version) and for the
 * local-storage cleaner's listing and clearing.
 */
import { readAllEntries } from './first-read';
import { writeDirectly } from './direct-write';
import { DB_NAME, type StoredEntry } from './schema';

const cache = new Map<string, unknown>();
const listeners = new Set<(key: string) => void>();

let dexie: Promise<typeof import('./db')['db']> | undefined;
/** The Dexie database, imported on first need: most pages never need it (see writeThrough). */
function database() {
  dexie ??= import('./db').then((module) => module.db);
  return dexie;
}

/**
 * Commits a put (or a deletion when `entry` is undefined) straight into IndexedDB, or through Dexie
 * when the database does not exist yet or is not at the current schema version (Dexie creates or
 * migrates it first).
 */
async function writeThrough(key: string, entry: StoredEntry | undefined): Promise<void> {
  if (await writeDirectly(key, entry)) return;
  const db = await database();
  if (entry === undefined) await db.entries.delete(key);
  else await db.entries.put(entry);
}

// A write is journaled synchronously in localStorage until IndexedDB has committed it: a page left
// or reloaded right after a choice (IndexedDB commits asynchronously, and an unload aborts what is
// still in flight) finds the journal at the next load and replays it, so no choice is lost.
const JOURNAL_PREFIX = 'postroom:pending:';
let journalSeq = 0;

/**
 * The journal's localStorage item for a pending write: its name and text. The browser scenarios sign
 * their users in by writing the tokens this way (tests/e2e/support/session.ts).
 */
export function journalEntry(key: string, value: unknown, removed = false, seq = '0'): [name: string, text: string] {
  return [JOURNAL_PREFIX + key, JSON.stringify({ seq, value, removed })];
}

function journal(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
}

/** Journals a pending write (`removed` for a deletion); returns what commit() needs to clear it. */
function journalWrite(key: string, value: unknown, removed: boolean): string | undefined {
  const seq = String((journalSeq += 1));
  try {
    journal()?.setItem(...journalEntry(key, value, removed, seq));
    return seq;
  } catch {
    return undefined; // not JSON-serialisable or storage full: IndexedDB alone, as before
  }
}

/** Clears the journal entry once its write is committed, unless a newer write replaced it. */
function journalCommitted(key: string, seq: string | undefined): void {
  if (seq === undefined) return;
  const storage = journal();
  const pending = storage?.getItem(JOURNAL_PREFIX + key);
  if (pending && (JSON.parse(pending) as { seq: string }).seq === seq) storage?.removeItem(JOURNAL_PREFIX + key);
}

function pendingWrites(): Array<{ key: string; value: unknown; removed: boolean }> {
  const storage = journal();
  if (storage === undefined) return [];
  const found = [];
  for (let index = 0; index < storage.length; index += 1) {
    const name = storage.key(index);
    if (name?.startsWith(JOURNAL_PREFIX) !== true) continue;
    try {
      const { value, removed } = JSON.parse(storage.getItem(name) ?? '') as { value: unknown; removed: boolean };
      found.push({ key: name.slice(JOURNAL_PREFIX.length), value, removed });
    } catch {
      storage.removeItem(name);
    }
  }
  return found;
}

export async function loadStore(): Promise<void> {
  const rows = await readAllEntries();
  cache.clear();
  for (const row of rows) cache.set(row.key, row.value);
  // Writes the last page journaled but did not commit: applied now, committed in the background.
  for (const pending of pendingWrites()) {
    if (pending.removed) void removeEntry(pending.key);
    else void writeEntry(pending.key, pending.value);
  }
}

/**
 * Reads these entries again from IndexedDB into memory: another tab of the same browser may have
 * written them since this one loaded (the rotated refresh token, src/app/token-renewal.ts).
 */
export async function reloadEntries(keys: readonly string[]): Promise<void> {
  const rows = await readAllEntries(DB_NAME, keys);
  for (const key of keys) {
    const row = rows.find((entry) => entry.key === key);
    if (row === undefined) cache.delete(key);
    else cache.set(key, row.value);
    notify(key);
  }
}

export function readEntry<T>(key: string): T | undefined {
  return cache.get(key) as T | undefined;
}

export async function writeEntry(key: string, value: unknown): Promise<void> {
  if (value === undefined || value === null) return removeEntry(key);
  cache.set(key, value);
  notify(key);
  const seq = journalWrite(key, value, false);
  await writeThrough(key, { key, value, updatedAt: Date.now() });
  journalCommitted(key, seq);
}

export async function removeEntry(key: string): Promise<void> {
  cache.delete(key);
  notify(key);
  const seq = journalWrite(key, undefined, true);
  await writeThrough(key, undefined);
  journalCommitted(key, seq);
}

/** Every stored entry with its size in bytes (JSON length as UTF-8), for the local-storage cleaner. */
export async function listEntries(): Promise<Array<StoredEntry & { size: number }>> {
  const rows = await (await database()).entries.orderBy('key').toArray();
  const encoder = new TextEncoder();
  return rows.map((row) => ({ ...row, size: encoder.encode(JSON.stringify(row.value) ?? '').length }));
}

export async function clearEntries(): Promise<void> {
  const keys = [...cache.keys()];
  cache.clear();
  for (const pending of pendingWrites()) journal()?.removeItem(JOURNAL_PREFIX + pending.key);
  await (await database()).entries.clear();
  keys.forEach(notify);
}

export function subscribeEntries(listener: (key: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(key: string) {
  for (const listener of listeners) listener(key);
}
