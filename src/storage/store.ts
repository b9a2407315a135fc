/**
 * Synchronous reads over IndexedDB: every entry is loaded into memory once, before the first render
 * (so theme, language and token are known without a flash), and writes go to both.
 * The first load reads IndexedDB directly (first-read.ts); Dexie, which does the writes, is loaded
 * on first use, after the first paint.
 */
import { readAllEntries } from './first-read';
import type { StoredEntry } from './schema';

const cache = new Map<string, unknown>();
const listeners = new Set<(key: string) => void>();

let dexie: Promise<typeof import('./db')['db']> | undefined;
/**
 * The Dexie database, imported on first use. Nothing writes before the login page paints (the recent
 * pages wait for the paint, see root-shell.tsx), so Dexie is not on its critical path; a write that
 * a first render does wait for (the guard storing the signed-in user's id) still goes through at once.
 */
function database() {
  dexie ??= import('./db').then((module) => module.db);
  return dexie;
}

export async function loadStore(): Promise<void> {
  const rows = await readAllEntries();
  cache.clear();
  for (const row of rows) cache.set(row.key, row.value);
}

export function readEntry<T>(key: string): T | undefined {
  return cache.get(key) as T | undefined;
}

export async function writeEntry(key: string, value: unknown): Promise<void> {
  if (value === undefined || value === null) return removeEntry(key);
  cache.set(key, value);
  notify(key);
  await (await database()).entries.put({ key, value, updatedAt: Date.now() });
}

export async function removeEntry(key: string): Promise<void> {
  cache.delete(key);
  notify(key);
  await (await database()).entries.delete(key);
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
