/** The write journal: a choice whose IndexedDB write never committed (page left at once) survives a reload. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from './db';
import { clearEntries, loadStore, readEntry, writeEntry } from './store';

/** Node has no localStorage; the browser's is a synchronous string map like this one. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  await db.entries.clear();
  await loadStore();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** What an unload does to a write still in flight: IndexedDB never commits it. */
function loseNextIndexedDbWrite() {
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementationOnce(() => {
    throw new DOMException('The transaction was aborted', 'AbortError');
  });
}

describe('a write cut off by leaving the page', () => {
  it('is back after a reload, and then committed to IndexedDB', async () => {
    loseNextIndexedDbWrite();
    await expect(writeEntry('analyses-columns', ['name', 'metadata'])).rejects.toThrow('aborted');
    expect(await db.entries.get('analyses-columns')).toBeUndefined();

    await loadStore();
    expect(readEntry('analyses-columns')).toEqual(['name', 'metadata']);
    await vi.waitFor(async () => expect((await db.entries.get('analyses-columns'))?.value).toEqual(['name', 'metadata']));
  });

  it('leaves no journal once committed, so an older value never comes back', async () => {
    await writeEntry('language', 'en');
    expect(localStorage.length).toBe(0);
    await db.entries.put({ key: 'language', value: 'fr', updatedAt: Date.now() });
    await loadStore();
    expect(readEntry('language')).toBe('fr');
  });

  it('is forgotten when every entry is cleared', async () => {
    loseNextIndexedDbWrite();
    await expect(writeEntry('dark-mode', true)).rejects.toThrow();
    await clearEntries();
    await loadStore();
    expect(readEntry('dark-mode')).toBeUndefined();
  });
});
