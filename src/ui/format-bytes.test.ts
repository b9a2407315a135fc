import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('file sizes as a person reads them', () => {
  it('writes octets in French and bytes in English, one decimal above a kilobyte', () => {
    expect(formatBytes(512, 'fr')).toBe('512 o');
    expect(formatBytes(1536, 'fr')).toBe('1,5 Ko');
    expect(formatBytes(3.25 * 1024 * 1024, 'fr')).toBe('3,3 Mo');
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    // The formatters are kept per language: French again after English still writes French.
    expect(formatBytes(1536, 'fr')).toBe('1,5 Ko');
  });
});
