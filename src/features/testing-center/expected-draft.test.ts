import { describe, expect, it } from 'vitest';
import type { ExpectedValues } from '../../contract/testing-center';
import { allQualified, draftOf, expectedOf, withObtained } from './expected-draft';

const expected: ExpectedValues = {
  categories: { qualified: true, values: [{ key: 'category', document: null, format: 'string', value: 'Sinistre' }] },
  extracted_informations: {
    qualified: false,
    values: [
      { key: 'montant', document: null, format: 'number', value: 12.5 },
      { key: 'urgent', document: null, format: 'boolean', value: true },
      { key: 'refs', document: null, format: 'array', value: ['A', 'B'] },
      { key: 'adresse', document: null, format: 'object', value: { ville: 'Lyon' } },
    ],
  },
};

describe('expected values draft', () => {
  it('round-trips every value format through the form', () => {
    const { expected: back, problems } = expectedOf(draftOf(expected), ['categories', 'extracted_informations']);
    expect(problems).toEqual({});
    expect(back).toEqual(expected);
  });

  it('reports a number or an object that does not parse, by entry, and reads a French decimal comma', () => {
    const draft = draftOf(expected);
    draft.extracted_informations.entries[0]!.raw = '12,75';
    draft.extracted_informations.entries[3]!.raw = '{ville:';
    draft.extracted_informations.entries.push({ key: ' ', document: '', format: 'string', raw: 'x' });
    const { expected: back, problems } = expectedOf(draft, ['extracted_informations']);
    expect(problems.extracted_informations).toEqual({ 3: 'notAnObject', 4: 'keyMissing' });
    expect(back.extracted_informations!.values[0]).toMatchObject({ value: 12.75 });
  });

  it('takes obtained values for the kinds shown, leaves them to confirm, and accepts them all', () => {
    const draft = withObtained(draftOf({}), { categories: [{ key: 'category', document: null, format: 'string', value: 'Devis' }], rpa: [{ key: 'x', document: null, format: 'string', value: 'y' }] }, ['categories']);
    expect(draft.categories).toEqual({ qualified: false, entries: [{ key: 'category', document: '', format: 'string', raw: 'Devis' }] });
    expect(draft.rpa.entries).toEqual([]);
    const accepted = allQualified(draft, ['categories', 'rpa']);
    expect(accepted.categories.qualified && accepted.rpa.qualified).toBe(true);
    expect(accepted.extracted_informations.qualified).toBe(false);
  });
});
