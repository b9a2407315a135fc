/**
 * Stored settings are parsed once per stored value, not once per analysis, and the shared result
 * cannot be changed by one reader for the next.
 */
import { describe, expect, it } from 'vitest';
import { readSettings, readStoredSettings } from './settings';

describe('readStoredSettings', () => {
  it('parses a stored value once and shares the frozen result; another value is parsed anew', () => {
    const stored = { languages: ['fr', 'de'] };
    const first = readStoredSettings(stored);
    expect(first).toEqual(readSettings(stored));
    expect(readStoredSettings(stored)).toBe(first);
    expect(() => {
      (first.languages as string[]).push('de');
    }).toThrow(TypeError);
    expect(() => {
      (first.modules as unknown[]).length = 0;
    }).toThrow(TypeError);
    const changed = readStoredSettings({ languages: ['fr'] });
    expect(changed).not.toBe(first);
    expect(changed.languages).toEqual(['fr']);
    expect(first.languages).toEqual(['fr', 'de']);
    expect(readStoredSettings(undefined)).toEqual(readSettings({}));
  });
});
