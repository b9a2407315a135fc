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

  // The distance-2 lookup is two walks, each strict on part of the query (typo-index.ts): words
  // two edits away, wherever the edits fall (both in one part, across the cut, at the ends), must
  // all be found. Random words rarely sit two edits from a query, so the words are made that way.
  it('finds every word two edits away, wherever the edits fall, as the brute force does', () => {
    const edit = fc.tuple(fc.nat(), fc.constantFrom('insert', 'delete', 'substitute', 'swap'), letters);
    const apply = (w: string, [at, kind, letter]: [number, string, string]): string => {
      const i = at % (w.length + 1);
      if (kind === 'insert') return w.slice(0, i) + letter + w.slice(i);
      if (i >= w.length) return w;
      if (kind === 'delete') return w.slice(0, i) + w.slice(i + 1);
      if (kind === 'substitute') return w.slice(0, i) + letter + w.slice(i + 1);
      return i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w;
    };
    const longWord = fc.array(letters, { minLength: 7, maxLength: 16 }).map((l) => l.join(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(longWord, fc.array(edit, { minLength: 1, maxLength: 2 })), { minLength: 1, maxLength: 30 }), (cases) => {
        const index = new TypoIndex();
        const dictionary = cases.map(([w, edits]) => edits.reduce(apply, w));
        for (const w of dictionary) index.add(w);
        const words = [...new Set(dictionary)];
        for (const [query] of cases) {
          expect(index.search(query).map((i) => index.words[i]!).sort()).toEqual(bruteForce(words, query));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('searches words added after a search', () => {
    const index = new TypoIndex();
    index.add('habitation');
    expect(index.search('habitaton').map((i) => index.words[i])).toEqual(['habitation']);
    index.add('contrats');
    expect(index.add('habitation')).toBe(0);
    expect(index.search('contrast').map((i) => index.words[i])).toEqual(['contrats']);
  });

  it('gives a word the same index when added twice', () => {
    const index = new TypoIndex();
    expect(index.add('contrat')).toBe(0);
    expect(index.add('habitation')).toBe(1);
    expect(index.add('contrat')).toBe(0);
    expect(index.words).toEqual(['contrat', 'habitation']);
  });
});
