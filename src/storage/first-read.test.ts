/**
 * The Dexie-free first read: it sees what Dexie wrote, and on a first visit it neither fails nor
 * creates the database (Dexie must create it with its schema).
 */
import { describe, expect, it } from 'vitest';
import { PostroomDb } from './db';
import { readAllEntries } from './first-read';

describe('readAllEntries', () => {
  it('reads every entry Dexie wrote', async () => {
    const dexie = new PostroomDb('first-read-filled');
    await dexie.entries.bulkPut([
      { key: 'language', value: 'en', updatedAt: 1 },
      { key: 'recent-pages', value: [{ path: '/orga/demo' }], updatedAt: 2 },
    ]);
    dexie.close();
    const entries = await readAllEntries('first-read-filled');
    expect(entries.map((entry) => [entry.key, entry.value])).toEqual([
      ['language', 'en'],
      ['recent-pages', [{ path: '/orga/demo' }]],
    ]);
  });

  it('answers nothing on a first visit and leaves the database for Dexie to create', async () => {
    expect(await readAllEntries('first-read-missing')).toEqual([]);
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain('first-read-missing');
    const dexie = new PostroomDb('first-read-missing');
    await dexie.entries.put({ key: 'dark-mode', value: true, updatedAt: 1 });
    expect(await dexie.entries.count()).toBe(1);
    dexie.close();
    expect((await readAllEntries('first-read-missing')).map((entry) => entry.key)).toEqual(['dark-mode']);
  });

  it('does not block a Dexie connection opened right after it', async () => {
    const dexie = new PostroomDb('first-read-open');
    await dexie.open();
    await readAllEntries('first-read-open');
    await dexie.entries.put({ key: 'language', value: 'fr', updatedAt: 1 });
    expect((await readAllEntries('first-read-open')).map((entry) => entry.key)).toEqual(['language']);
    dexie.close();
  });
});
