/** Patterns that could backtrack catastrophically are refused; bounded repeats such as the invoice rules' are kept. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INVOICE_RULES } from './fields';
import { checkFieldRules } from './rule-checks';
import { backtrackingRisk } from './regex-safety';

describe('backtracking risk of field patterns', () => {
  it('keeps every invoice rule and ordinary patterns', () => {
    const patterns = INVOICE_RULES.flatMap((rule) => (rule.by === 'pattern' ? [rule.pattern] : rule.by === 'label' && rule.value ? [rule.value] : []));
    expect(patterns.length).toBeGreaterThan(3);
    for (const pattern of [...patterns, 'FR\\d{2}', '(?:Total|Montant) TTC', '[(a+)+]', '\\(a+\\)+', '(\\d{3} ?){2,4}', '(?<n>[A-Z]+)-\\d+']) expect(backtrackingRisk(pattern), pattern).toBeNull();
  });

  it.each(['(a+)+$', '(\\w*\\s?)*$', '(?:\\d+){2,5}x', '((ab)+c)*', '(a|aa)*$', '(?:x|y+)+'])('refuses %s', (pattern) => {
    expect(backtrackingRisk(pattern)).not.toBeNull();
  });

  it('reports it on the rule as patternUnsafe', () => {
    expect(checkFieldRules([{ name: 'n', by: 'pattern', pattern: '(a+)+$' }, { name: 'v', by: 'label', labels: ['Total'], value: '(\\d|\\d\\d)*,' }])).toEqual([
      { code: 'patternUnsafe', index: 0, field: 'pattern', params: { pattern: '(a+)+$' } },
      { code: 'patternUnsafe', index: 1, field: 'value', params: { pattern: '(\\d|\\d\\d)*,' } },
    ]);
  });

  it('lets no accepted pattern take long on a line of OCR text', () => {
    // Random patterns from a small alphabet of the risky pieces; those accepted run on hostile lines.
    const piece = fc.constantFrom('a', 'a+', 'a*', '(a', ')', ')+', ')*', '|', 'a?', '(?:a', '){2,3}', '\\d+', '[ab]+', '$');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
        const pattern = pieces.join('');
        let regex: RegExp;
        try {
          regex = new RegExp(pattern, 'u');
        } catch {
          return;
        }
        if (backtrackingRisk(pattern) !== null) return;
        // Short lines: an exponential pattern takes seconds on them (and the test fails) instead of
        // for ever, while a polynomial one takes microseconds.
        const started = performance.now();
        for (const line of ['a'.repeat(26) + '!', 'ab'.repeat(13) + '!', '1'.repeat(26) + 'x']) regex.test(line);
        expect(performance.now() - started).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
