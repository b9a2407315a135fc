/**
 * The Dexie-free writer: its writes are what Dexie reads, it never creates or upgrades the database
 * (Dexie must, with its schema), and it never blocks Dexie's upgrade to a newer version.
 */
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { PostroomDb } from './db';
import { writeDirectly } from './direct-write';
import { SCHEMA_VERSION } from './schema';

describe('writeDirectly', () => {
  it('puts and deletes entries that Dexie then reads', async () => {
    const dexie = new PostroomDb('direct-write-filled');
    await dexie.entries.put({ key: 'language', value: 'fr', updatedAt: 1 });
    expect(await writeDirectly('recent-pages', { key: 'recent-pages', value: ['/orga/demo'], updatedAt: 2 }, 'direct-write-filled')).toBe(true);
    expect(await writeDirectly('language', undefined, 'direct-write-filled')).toBe(true);
    expect(await dexie.entries.toArray()).toEqual([{ key: 'recent-pages', value: ['/orga/demo'], updatedAt: 2 }]);
    dexie.close();
  });

  it('leaves a first visit to Dexie: no database is created', async () => {
    expect(await writeDirectly('language', { key: 'language', value: 'en', updatedAt: 1 }, 'direct-write-missing')).toBe(false);
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain('direct-write-missing');
  });

  it('leaves a database at an older version to Dexie, which migrates it', async () => {
    const older = new Dexie('direct-write-older');
    older.version(SCHEMA_VERSION - 0.5).stores({ entries: 'key' });
    await older.open();
    older.close();
    expect(await writeDirectly('language', { key: 'language', value: 'en', updatedAt: 1 }, 'direct-write-older')).toBe(false);
  });

  it('writes at the version Dexie declares, and lets Dexie upgrade past it', async () => {
    const current = new PostroomDb('direct-write-upgrade');
    await current.open();
    expect(current.verno).toBe(SCHEMA_VERSION);
    current.close();
    expect(await writeDirectly('language', { key: 'language', value: 'en', updatedAt: 1 }, 'direct-write-upgrade')).toBe(true);
    // The writer's connection stays open; a newer schema must still open (not be blocked by it).
    const newer = new Dexie('direct-write-upgrade');
    newer.version(SCHEMA_VERSION + 1).stores({ entries: 'key, updatedAt', other: 'id' });
    await newer.open();
    expect(await newer.table('entries').get('language')).toMatchObject({ value: 'en' });
    expect(await writeDirectly('language', { key: 'language', value: 'fr', updatedAt: 2 }, 'direct-write-upgrade')).toBe(false);
    newer.close();
  });

  it('rejects a value IndexedDB cannot store, as Dexie would', async () => {
    const dexie = new PostroomDb('direct-write-refused');
    await dexie.open();
    dexie.close();
    await expect(writeDirectly('bad', { key: 'bad', value: () => undefined, updatedAt: 1 }, 'direct-write-refused')).rejects.toThrow();
  });
});
