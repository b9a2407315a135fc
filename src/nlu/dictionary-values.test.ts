import { describe, expect, it } from 'vitest';
import { dictionaryValues } from './dictionary-values';

describe('dictionaryValues', () => {
  it('makes one value of a line, its items the forms that give it, and one value per line', () => {
    expect(dictionaryValues('contrat;police;assuré', 'fr')).toEqual([{ line: 1, value: 'contrat', valueFromMatch: false, forms: ['contrat', 'police', 'assuré'] }]);
    expect(dictionaryValues('contrat\npolice\n// note\nassuré', 'fr').map((entry) => [entry.line, entry.value])).toEqual([
      [1, 'contrat'],
      [2, 'police'],
      [4, 'assuré'],
    ]);
    // Under #ID_ON the first item is the identifier returned, not a form.
    expect(dictionaryValues('#ID_ON\nCONTRACT;contrat;police', 'fr')).toEqual([{ line: 2, value: 'CONTRACT', valueFromMatch: false, forms: ['contrat', 'police'] }]);
    // A first form that is a reference: the text found is the value.
    expect(dictionaryValues('[[@date]] prochain', 'fr')[0]?.valueFromMatch).toBe(true);
  });
});
