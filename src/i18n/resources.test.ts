/** Every namespace has the same keys in French and English, and no empty text. */
import { describe, expect, it } from 'vitest';
import { namespaces, resources } from './resources';

/** Flattens nested objects into dotted keys: { a: { b: 'x' } } → { 'a.b': 'x' }. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

describe('translation resources', () => {
  it('have the same namespaces in fr and en', () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.fr).sort());
    expect([...namespaces].sort()).toEqual(Object.keys(resources.fr).sort());
    expect(namespaces.length).toBeGreaterThan(0);
  });

  it('the flatten helper sees nested and plural keys', () => {
    expect([...flatten({ a: { b: 'x', c_one: 'y', c_other: 'z' }, d: 'w' }).keys()]).toEqual([
      'a.b',
      'a.c_one',
      'a.c_other',
      'd',
    ]);
  });

  describe.each(namespaces)('namespace %s', (ns) => {
    const fr = flatten(resources.fr[ns]);
    const en = flatten(resources.en[ns]);

    it('has exactly the same keys in fr and en', () => {
      const missingInEn = [...fr.keys()].filter((key) => !en.has(key));
      const missingInFr = [...en.keys()].filter((key) => !fr.has(key));
      expect(
        { missingInEn, missingInFr },
        `${ns}: missing in en: [${missingInEn.join(', ')}]; missing in fr: [${missingInFr.join(', ')}]`,
      ).toEqual({ missingInEn: [], missingInFr: [] });
      expect(fr.size).toBeGreaterThan(0);
    });

    it('has no empty or non-text values', () => {
      const bad = (['fr', 'en'] as const).flatMap((lng) =>
        [...(lng === 'fr' ? fr : en)]
          .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
          .map(([key]) => `${lng}:${ns}:${key}`),
      );
      expect(bad, `empty or non-text values: [${bad.join(', ')}]`).toEqual([]);
    });
  });
});
