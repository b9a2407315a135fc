/**
 * The typo index finds exactly what a brute-force optimal-string-alignment (Damerau–Levenshtein)
 * distance over the dictionary finds, under the engine's rules: distance 1 for dictionary words of
 * 5+ letters, 2 for 9+, within the query's own bound (1 from 4 letters, 2 from 7), first letter
 * right unless the first two are swapped (which costs one edit), never the query itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TypoIndex, allowedTypos } from './typo-index';

function osa(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push(Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

function bruteForce(words: string[], query: string): string[] {
  const bound = query.length >= 7 ? 2 : query.length >= 4 ? 1 : 0;
  if (bound === 0) return [];
  const swapped = query.length >= 2 && query[0] !== query[1] ? query[1]! + query[0]! + query.slice(2) : null;
  return words
    .filter((w) => {
      const allowed = allowedTypos(w.length);
      if (w[0] === query[0]) {
        const x = osa(query, w);
        if (x > 0 && x <= bound && x <= allowed) return true;
      }
      if (swapped !== null && w[0] === swapped[0]) {
        const x = osa(swapped, w);
        if (x <= bound - 1 && x + 1 <= allowed) return true;
      }
      return false;
    })
    .sort();
}

const letters = fc.constantFrom('a', 'b', 'c', 'e', 'r');
const word = fc.array(letters, { minLength: 5, maxLength: 12 }).map((l) => l.join(''));

describe('TypoIndex', () => {
  it('finds exactly what a brute-force Damerau–Levenshtein search finds', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 60 }), fc.array(fc.array(letters, { minLength: 1, maxLength: 13 }).map((l) => l.join('')), { minLength: 1, maxLength: 20 }), (dictionary, queries) => {
        const index = new TypoIndex();
        for (const w of dictionary) index.add(w);
        const words = [...new Set(dictionary)];
        // Queries near dictionary words as well as random ones.
        const all = [...queries, ...dictionary.slice(0, 10).map((w, i) => w.slice(0, i % w.length) + w.slice((i % w.length) + 1))];
        for (const q of all) {
          expect(index.search(q).map((i) => index.words[i]!).sort()).toEqual(bruteForce(words, q));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives a word the same index when added twice', () => {
    const index = new TypoIndex();
    expect(index.add('contrat')).toBe(0);
    expect(index.add('habitation')).toBe(1);
    expect(index.add('contrat')).toBe(0);
    expect(index.words).toEqual(['contrat', 'habitation']);
  });
});
