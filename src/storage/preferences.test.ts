/** Preferences: defaults, persistence in IndexedDB across a reload, and fallback on invalid values. */
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { loadStore } from './store';
import { storageKeys } from './keys';
import { defaultPreferences, fontSizeName, readPreferences, savePreference } from './preferences';

/** What a page reload does: the in-memory copy is rebuilt from IndexedDB. */
const reload = () => loadStore();

beforeEach(async () => {
  await db.entries.clear();
  await loadStore();
});

describe('defaults', () => {
  it('are 14 px, light mode and French', () => {
    expect(readPreferences()).toEqual({ fontSize: 14, darkMode: false, language: 'fr' });
    expect(defaultPreferences).toEqual({ fontSize: 14, darkMode: false, language: 'fr' });
  });
});

describe('savePreference', () => {
  it('is visible at once and written to IndexedDB', async () => {
    await savePreference('fontSize', 16);
    await savePreference('darkMode', true);
    await savePreference('language', 'en');

    expect(readPreferences()).toEqual({ fontSize: 16, darkMode: true, language: 'en' });
    expect((await db.entries.get(storageKeys.fontSize))?.value).toBe(16);
    expect((await db.entries.get(storageKeys.darkMode))?.value).toBe(true);
    expect((await db.entries.get(storageKeys.language))?.value).toBe('en');
  });

  it('survives a reload', async () => {
    await savePreference('fontSize', 12);
    await savePreference('darkMode', true);
    await savePreference('language', 'en');

    await reload();

    expect(readPreferences()).toEqual({ fontSize: 12, darkMode: true, language: 'en' });
  });

  it('can switch a preference back', async () => {
    await savePreference('darkMode', true);
    await savePreference('darkMode', false);
    await reload();
    expect(readPreferences().darkMode).toBe(false);
  });
});

describe('what the store reads after a reload', () => {
  it('takes the values stored in IndexedDB', async () => {
    await db.entries.bulkPut([
      { key: storageKeys.fontSize, value: 16, updatedAt: 1 },
      { key: storageKeys.darkMode, value: true, updatedAt: 1 },
      { key: storageKeys.language, value: 'en', updatedAt: 1 },
    ]);
    // Not loaded yet: still the defaults.
    expect(readPreferences()).toEqual(defaultPreferences);

    await reload();

    expect(readPreferences()).toEqual({ fontSize: 16, darkMode: true, language: 'en' });
  });

  it.each([
    ['a font size that is not one of the three', storageKeys.fontSize, 13, { fontSize: 14 }],
    ['a font size stored as text', storageKeys.fontSize, '16', { fontSize: 14 }],
    ['a language that is not supported', storageKeys.language, 'de', { language: 'fr' }],
    ['a language of the wrong type', storageKeys.language, 1, { language: 'fr' }],
    ['a dark mode that is not a boolean', storageKeys.darkMode, 'true', { darkMode: false }],
    ['a dark mode stored as 1', storageKeys.darkMode, 1, { darkMode: false }],
  ])('falls back to the default for %s', async (_label, key, value, expected) => {
    await db.entries.put({ key, value, updatedAt: 1 });
    await reload();
    expect(readPreferences()).toEqual({ ...defaultPreferences, ...expected });
  });
});

describe('fontSizeName', () => {
  it('names the three sizes and treats anything else as medium', () => {
    expect([12, 14, 16, 20].map(fontSizeName)).toEqual(['small', 'medium', 'large', 'medium']);
  });
});
