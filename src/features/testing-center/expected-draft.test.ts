import { describe, expect, it } from 'vitest';
import type { ExpectedValues } from '../../contract/testing-center';
import { acceptConfirmed, categoriesIn, kindState, draftOf, expectedOf, withCategories, withObtained, withSelection } from './expected-draft';

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

  it('takes obtained values for the kinds shown, leaves them to confirm, and accepts the kinds that hold a value', () => {
    const draft = withObtained(draftOf({}), { categories: [{ key: 'category', document: null, format: 'string', value: 'Devis' }], rpa: [{ key: 'x', document: null, format: 'string', value: 'y' }] }, ['categories']);
    expect(draft.categories).toEqual({ qualified: false, entries: [{ key: 'category', document: '', format: 'string', raw: 'Devis' }], touched: false });
    expect(draft.rpa.entries).toEqual([]);
    const accepted = acceptConfirmed(draft, ['categories', 'rpa', 'extracted_informations'], { attachments: 1 });
    expect(accepted.categories.qualified).toBe(true);
    // Empty and untouched: not confirmed, so not turned into "nothing expected".
    expect(accepted.rpa.qualified).toBe(false);
    expect(accepted.extracted_informations.qualified).toBe(false);
  });

  it('accepts an empty kind the qualifier acted on, and keeps a kind qualified before', () => {
    const draft = draftOf({ rpa: { qualified: true, values: [] } });
    const none = { ...draft, categories: withCategories(draft.categories, null, []) };
    const accepted = acceptConfirmed(none, ['categories', 'rpa', 'extracted_informations'], { attachments: 1 });
    expect([accepted.categories.qualified, accepted.rpa.qualified, accepted.extracted_informations.qualified]).toEqual([true, true, false]);
    expect(expectedOf(accepted, ['categories']).expected.categories).toEqual({ qualified: true, values: [] });
  });

  it('confirms the attachment kinds of a message without attachments, where nothing can be expected', () => {
    const kinds = ['attachments_categories', 'extracted_informations_attachments', 'extracted_informations'] as const;
    const without = acceptConfirmed(draftOf({}), kinds, { attachments: 0 });
    expect(kinds.map((kind) => without[kind].qualified)).toEqual([true, true, false]);
    const withOne = acceptConfirmed(draftOf({}), kinds, { attachments: 1 });
    expect(kinds.map((kind) => withOne[kind].qualified)).toEqual([false, false, false]);
    // The form shows what accept would do; while the count is unknown nothing is assumed absent.
    expect(kindState('attachments_categories', draftOf({}).attachments_categories, 0)).toBe('toAccept');
    expect(kindState('attachments_categories', draftOf({}).attachments_categories, Number.POSITIVE_INFINITY)).toBe('toLook');
  });

  it("replaces one document's categories, as a string for one and an array for several", () => {
    let kind = draftOf({}).attachments_categories;
    kind = withCategories(kind, 'a.pdf', ['Facture']);
    kind = withCategories(kind, 'b.pdf', ['Devis', 'Relance', 'Devis']);
    expect(categoriesIn(kind, 'a.pdf')).toEqual(['Facture']);
    expect(categoriesIn(kind, 'b.pdf')).toEqual(['Devis', 'Relance']);
    expect(categoriesIn(kind, null)).toEqual([]);
    const { expected } = expectedOf({ ...draftOf({}), attachments_categories: kind }, ['attachments_categories']);
    expect(expected.attachments_categories!.values).toEqual([
      { key: 'category', document: 'a.pdf', format: 'string', value: 'Facture' },
      { key: 'category', document: 'b.pdf', format: 'array', value: ['Devis', 'Relance'] },
    ]);
    expect(categoriesIn(withCategories(kind, 'a.pdf', []), 'a.pdf')).toEqual([]);
  });

  it('fills a value from words selected in the message and keeps them as evidence through a save', () => {
    const draft = draftOf(expected);
    const evidence = { file: 'courrier.eml', quote: '  1 250,50\u00a0€ ' };
    const filled = withSelection(draft, { kind: 'extracted_informations', index: 0 }, evidence)!;
    const { expected: saved, problems } = expectedOf(filled, ['extracted_informations']);
    expect(problems).toEqual({});
    expect(saved.extracted_informations!.values[0]).toEqual({ key: 'montant', document: null, format: 'number', value: 1250.5, evidence: { file: 'courrier.eml', quote: '1 250,50 €' } });
    expect(filled.extracted_informations.touched).toBe(true);
    // Back from the server, the evidence is still there.
    expect(draftOf(saved).extracted_informations.entries[0]!.evidence).toEqual({ file: 'courrier.eml', quote: '1 250,50 €' });
    // An array gets the words as one more item; a yes/no cannot take words.
    expect(withSelection(draft, { kind: 'extracted_informations', index: 2 }, evidence)!.extracted_informations.entries[2]!.raw).toEqual(['A', 'B', '1 250,50 €']);
    expect(withSelection(draft, { kind: 'extracted_informations', index: 1 }, evidence)).toBeNull();
    expect(withSelection(draft, { kind: 'extracted_informations', index: 9 }, evidence)).toBeNull();
  });
});
