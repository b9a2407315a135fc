import { describe, expect, it } from 'vitest';
import { valuesMatch, foldText, dayOf } from './compare-values';

const mode = (m: 'exact' | 'insensitive' | 'tolerance' | 'sameDay' | 'set', extra: { tolerance?: number; insensitiveElements?: boolean } = {}) => ({
  mode: m,
  tolerance: extra.tolerance ?? 0,
  insensitiveElements: extra.insensitiveElements ?? false,
});

describe('domain rules v2 comparisons', () => {
  it('exact: same text only; objects by content whatever the key order', () => {
    expect(valuesMatch('Résiliation', 'Résiliation', mode('exact'))).toBe(true);
    expect(valuesMatch('Résiliation', 'resiliation', mode('exact'))).toBe(false);
    expect(valuesMatch({ a: 1, b: [2] }, { b: [2], a: 1 }, mode('exact'))).toBe(true);
    expect(valuesMatch(true, 'true', mode('exact'))).toBe(false);
  });
  it('insensitive: case, accents and blanks do not count', () => {
    expect(foldText('  Élodie   DUPONT ')).toBe('elodie dupont');
    expect(valuesMatch('Élodie Dupont', 'elodie  dupont', mode('insensitive'))).toBe(true);
    expect(valuesMatch('Élodie Dupont', 'Elodie Durand', mode('insensitive'))).toBe(false);
  });
  it('tolerance: numbers (and French decimals) within the tolerance', () => {
    expect(valuesMatch(48250, '48 250,40', mode('tolerance', { tolerance: 0.5 }))).toBe(true);
    expect(valuesMatch(48250, 48251, mode('tolerance', { tolerance: 0.5 }))).toBe(false);
    expect(valuesMatch(0.3, 0.1 + 0.2, mode('tolerance'))).toBe(true);
    expect(valuesMatch('abc', 'abc', mode('tolerance', { tolerance: 1 }))).toBe(true);
  });
  it('sameDay: ISO and French dates on the same calendar day', () => {
    expect(dayOf('05/03/2024')).toBe('2024-03-05');
    expect(valuesMatch('2024-03-05T09:00:00Z', '05/03/2024', mode('sameDay'))).toBe(true);
    expect(valuesMatch('2024-03-05', '2024-03-06', mode('sameDay'))).toBe(false);
    expect(valuesMatch('soon', 'soon', mode('sameDay'))).toBe(false);
  });
  it('set: arrays in any order, duplicates ignored; elements folded on request', () => {
    expect(valuesMatch(['a', 'b'], ['b', 'a', 'a'], mode('set'))).toBe(true);
    expect(valuesMatch(['a', 'b'], ['a'], mode('set'))).toBe(false);
    expect(valuesMatch(['Été'], ['ete'], mode('set'))).toBe(false);
    expect(valuesMatch(['Été'], ['ete'], mode('set', { insensitiveElements: true }))).toBe(true);
  });
});
