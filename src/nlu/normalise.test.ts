import { describe, expect, it } from 'vitest';
import { fold, tokenize } from './normalise';

const words = (text: string, language = 'fr') => tokenize(text, language).map((t) => [text.slice(t.start, t.end), t.folded]);

describe('segmentation and folding', () => {
  it('folds case and accents', () => {
    expect(fold('Élève À Œuvre Straße')).toBe('eleve a oeuvre strasse');
  });

  it('splits French and Italian elisions, with both apostrophes', () => {
    expect(words("l'attestation d’assurance qu'il n'a")).toEqual([
      ["l'", "l'"], ['attestation', 'attestation'], ['d’', "d'"], ['assurance', 'assurance'],
      ["qu'", "qu'"], ['il', 'il'], ["n'", "n'"], ['a', 'a'],
    ]);
    expect(words("dell'anno un'amica", 'it').map((w) => w[0])).toEqual(["dell'", 'anno', "un'", 'amica']);
    expect(words("aujourd'hui").map((w) => w[0])).toEqual(["aujourd'hui"]);
  });

  it('keeps numbers, decimals and dotted words whole, splits on hyphens and slashes', () => {
    expect(words('12,5 3.14 12/03/2026 porte-monnaie U.S.A').map((w) => w[0])).toEqual([
      '12,5', '3.14', '12', '03', '2026', 'porte', 'monnaie', 'U.S.A',
    ]);
  });

  it('segments space-less scripts with Intl.Segmenter, offsets in UTF-16', () => {
    const text = '😀 我想取消保险合同';
    const tokens = tokenize(text, 'cn');
    expect(tokens.length).toBeGreaterThan(2);
    for (const t of tokens) expect(text.slice(t.start, t.end)).not.toMatch(/\s/);
    expect(tokens[0]!.start).toBe(3);
  });
});
