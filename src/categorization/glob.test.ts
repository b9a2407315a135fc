/** The file-name glob agrees with a reference on small inputs and stays linear on hostile ones. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { globMatches } from './glob';

/** Reference: dynamic programming over (pattern prefix, name prefix), obviously right and slow. */
function reference(pattern: string, name: string): boolean {
  const glob = pattern.toLowerCase();
  const text = name.toLowerCase();
  // row[j]: does glob[0..i) match text[0..j)?
  let row = Array.from({ length: text.length + 1 }, (_, j) => j === 0);
  for (const char of glob) {
    const next = row.map(() => false);
    for (let j = 0; j <= text.length; j++) {
      next[j] = char === '*' ? row[j]! || (j > 0 && next[j - 1]!) : j > 0 && row[j - 1]! && text[j - 1] === char;
    }
    row = next;
  }
  return row[text.length]!;
}

describe('file-name globs', () => {
  it('matches like the reference on small patterns and names', () => {
    const pattern = fc.array(fc.constantFrom('a', 'b', 'A', '.', '*'), { maxLength: 8 }).map((chars) => chars.join(''));
    const name = fc.array(fc.constantFrom('a', 'b', 'B', '.', '*'), { maxLength: 10 }).map((chars) => chars.join(''));
    fc.assert(fc.property(pattern, name, (p, n) => globMatches(p, n) === reference(p, n)), { numRuns: 5000 });
  });

  it('reads the globs configurators write, without case, and regular-expression characters as themselves', () => {
    expect(globMatches('constat*.pdf', 'Constat-amiable.PDF')).toBe(true);
    expect(globMatches('constat*.pdf', 'constat.pdf.exe')).toBe(false);
    expect(globMatches('*.pdf', 'scan.pdf')).toBe(true);
    expect(globMatches('facture(1)+.pdf', 'facture(1)+.pdf')).toBe(true);
    expect(globMatches('a.c', 'abc')).toBe(false);
    expect(globMatches('', '')).toBe(true);
    expect(globMatches('*', '')).toBe(true);
  });

  it('answers at once on a hostile glob and a long name a sender chose', () => {
    // As a regular expression (`.*a.*a.*a.*a.*a.*b`) this backtracks in n⁶ on 10 000 letters.
    const name = 'a'.repeat(10_000);
    expect(globMatches('*a*a*a*a*a*b', name)).toBe(false);
    expect(globMatches('*a*a*a*a*a*a', name)).toBe(true);
    expect(globMatches('*a*a*a*a*a*b', `${name}b`)).toBe(true);
  }, 10_000);
});
