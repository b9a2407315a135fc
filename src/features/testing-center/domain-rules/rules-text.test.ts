import { describe, expect, it } from 'vitest';
import { fieldRulesFromText, fieldRulesToText, mergedFromText, mergedToText } from './rules-text';

describe('domain rules as text', () => {
  it('reads merges "from => into" and names a wrong line', () => {
    expect(mergedFromText('Devis urgent => Devis\n\n Sinistre auto=>Sinistre ')).toEqual({ merged: [{ from: 'Devis urgent', into: 'Devis' }, { from: 'Sinistre auto', into: 'Sinistre' }] });
    expect(mergedFromText('A => B\nC')).toEqual({ badLine: 2 });
    expect(mergedToText([{ from: 'A', into: 'B' }])).toBe('A => B');
  });
  it('reads field rules "field = mode [tolerance]" and writes them back', () => {
    const read = fieldRulesFromText('montant = tolerance 0,5\ndate = sameDay');
    expect(read).toEqual({ fields: [{ field: 'montant', comparison: { mode: 'tolerance', tolerance: 0.5, insensitiveElements: false } }, { field: 'date', comparison: { mode: 'sameDay', tolerance: 0, insensitiveElements: false } }] });
    expect(fieldRulesToText((read as { fields: never }).fields)).toBe('montant = tolerance 0.5\ndate = sameDay');
    expect(fieldRulesFromText('montant = fuzzy')).toEqual({ badLine: 1 });
  });
});
