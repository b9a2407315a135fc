/**
 * Field rule patterns run on RE2: a pattern that backtracks for minutes in JavaScript's engine
 * answers at once, and what RE2 cannot run is refused at save naming the construct.
 */
import { describe, expect, it } from 'vitest';
import { extractFields, INVOICE_RULES } from './fields';
import type { OcrPage } from './model';
import { checkFieldRules } from './rule-checks';

/** One OCR page whose lines are the given texts, a word per space-separated piece. */
function pageOf(lines: string[]): OcrPage {
  const words = lines.flatMap((text, line) =>
    text.split(' ').map((word, index) => ({ text: word, confidence: 90, line, box: { x0: index * 100, y0: line * 40, x1: index * 100 + 90, y1: line * 40 + 30 } })),
  );
  return { text: lines.join('\n'), confidence: 90, width: 2000, height: 2000, words };
}

describe('field rule patterns on RE2', () => {
  it('keeps every invoice rule and the JavaScript syntax users write', () => {
    expect(checkFieldRules(INVOICE_RULES)).toEqual([]);
    const rules = ['(a+)+$', '(?<n>[A-Z]+)-\\d+', '\\u20AC ?\\d+', '\\p{Lu}{2}\\d{2}', '(?:Total|Montant) TTC'].map((pattern, index) => ({ name: `r${index}`, by: 'pattern' as const, pattern }));
    expect(checkFieldRules(rules)).toEqual([]);
  });

  it('refuses back-references and look-arounds at save, naming the construct', () => {
    const rules = ['(\\d)\\1', '(?=FR)\\w+', '(?<=N° )\\d+', '[A-Z'].map((pattern, index) => ({ name: `r${index}`, by: 'pattern' as const, pattern }));
    expect(checkFieldRules(rules)).toEqual([
      { code: 'patternUnsupported', index: 0, field: 'pattern', params: { pattern: '(\\d)\\1', construct: '\\1' } },
      { code: 'patternUnsupported', index: 1, field: 'pattern', params: { pattern: '(?=FR)\\w+', construct: '(?=' } },
      { code: 'patternUnsupported', index: 2, field: 'pattern', params: { pattern: '(?<=N° )\\d+', construct: '(?<=' } },
      { code: 'patternInvalid', index: 3, field: 'pattern', params: { pattern: '[A-Z', message: 'missing closing ]: `[A-Z`' } },
    ]);
    expect(checkFieldRules([{ name: 'v', by: 'label', labels: ['Total'], value: '(?!0)\\d+' }])).toMatchObject([{ code: 'patternUnsupported', field: 'value', params: { construct: '(?!' } }]);
  });

  it('answers at once, and right, where JavaScript would backtrack for minutes', () => {
    // A repeated group holding a bounded repeat: JavaScript takes ~35 s on this line (and doubles
    // with each character), RE2 microseconds.
    const line = 'a'.repeat(40) + '!';
    const rules = [
      { name: 'nested', by: 'pattern' as const, pattern: '(?:a{1,9}){1,9}$' },
      { name: 'classic', by: 'pattern' as const, pattern: '(a+)+$' },
      { name: 'found', by: 'pattern' as const, pattern: '(?:a{1,9}){1,9}!' },
      { name: 'value', by: 'label' as const, labels: ['Total'], value: '(?:\\d{1,9}){1,9}€' },
    ];
    expect(checkFieldRules(rules)).toEqual([]);
    const fields = extractFields([pageOf([line, `Total ${'1'.repeat(40)}x`, 'Total 12€'])], rules);
    expect(fields.map((field) => [field.name, field.value])).toEqual([
      ['found', 'a'.repeat(40) + '!'],
      ['value', '12€'],
    ]);
  }, 10_000);
});
