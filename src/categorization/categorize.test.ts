/** The rule engine: priorities, AND/OR, every criterion type, multi-category, per page, default, taints. */
import { describe, expect, it } from 'vitest';
import { categorize } from './categorize';
import type { Explanation, Quote } from '../contract/modules/categorization';
import type { NluInteractionResult } from '../contract/modules/nlu';
import type { EngineDocument } from './types';
import { category, doc, found, input, interaction, rule } from './test-fixtures';

const claim = found('declarerSinistre', { evenement: ['dégât des eaux'], montant: ['48250'], date: ['2026-03-01'] });
const termination = found('resilierContrat', { resiliation: ['résilier'], numeroContrat: ['AB-77812'] });

const names = (result: ReturnType<typeof categorize>, index = 0) => result.documents[index]!.categories.map((c) => c.category);

describe('categorize', () => {
  const config = {
    defaultCategory: 'Autre',
    categories: [
      category('Déclaration de sinistre', [rule('declarerSinistre', [interaction('declarerSinistre')], { priority: 20 })]),
      category('Résiliation', [rule('resilierContrat', [interaction('resilierContrat')], { priority: 10 })]),
    ],
  };

  it('lets the highest-priority holding rule decide, and explains it', () => {
    const result = categorize(input(config, [doc(0, 'main', [[claim, termination]])]));
    expect(names(result)).toEqual(['Résiliation']);
    expect(result.documents[0]!.categories[0]!.explanation).toMatchObject({
      kind: 'rule',
      ruleName: 'resilierContrat',
      priority: 10,
      held: [{ index: 0, criterion: { type: 'interaction', interaction: 'resilierContrat' }, evidence: ['resilierContrat'] }],
    });
  });

  it('keeps every matching category by priority with multi-category on', () => {
    const result = categorize(input(config, [doc(0, 'main', [[claim, termination]])], { multiCategory: true }));
    expect(names(result)).toEqual(['Résiliation', 'Déclaration de sinistre']);
  });

  it('breaks priority ties by category then rule order, and skips disabled rules and categories', () => {
    const tied = {
      categories: [
        category('A', [rule('x', [interaction('declarerSinistre')], { priority: 5, enabled: false }), rule('y', [interaction('declarerSinistre')], { priority: 5 })]),
        category('B', [rule('z', [interaction('declarerSinistre')], { priority: 5 })]),
        category('C', [rule('w', [interaction('declarerSinistre')], { priority: 1 })], { enabled: false }),
      ],
    };
    const result = categorize(input(tied, [doc(0, 'main', [[claim]])]));
    expect(result.documents[0]!.categories[0]).toMatchObject({ category: 'A', explanation: { ruleName: 'y' } });
  });

  it('gives the default category when nothing holds, explained as such', () => {
    const result = categorize(input(config, [doc(0, 'main', [[found('demanderDevis')]])]));
    expect(result.documents[0]!.categories).toEqual([{ category: 'Autre', categoryId: null, target: 'body', explanation: { kind: 'default' } }]);
    const none = categorize(input({ ...config, defaultCategory: null }, [doc(0, 'main', [[]])]));
    expect(none.documents[0]!.categories).toEqual([]);
  });

  it('combines criteria with AND and OR', () => {
    const both = { categories: [category('Both', [rule('r', [interaction('declarerSinistre'), interaction('resilierContrat')], { combinator: 'and' })])] };
    const either = { categories: [category('Either', [rule('r', [interaction('declarerSinistre'), interaction('resilierContrat')], { combinator: 'or' })])] };
    expect(names(categorize(input(both, [doc(0, 'main', [[claim]])])))).toEqual([]);
    expect(names(categorize(input(both, [doc(0, 'main', [[claim, termination]])])))).toEqual(['Both']);
    const orResult = categorize(input(either, [doc(0, 'main', [[termination]])]));
    expect(names(orResult)).toEqual(['Either']);
    // With OR, the explanation lists the criteria that held only.
    expect(orResult.documents[0]!.categories[0]!.explanation).toMatchObject({ combinator: 'or', held: [{ index: 1 }] });
  });

  it('checks NLU parameters: exists, equals, one of, contains, greater and less for numbers and dates', () => {
    const withParameter = (condition: unknown, parameter = 'montant') => ({
      categories: [category('Hit', [rule('r', [interaction('declarerSinistre', [{ parameter, condition }])])])],
    });
    const hit = (condition: unknown, parameter?: string) => names(categorize(input(withParameter(condition, parameter), [doc(0, 'main', [[claim]])]))).length === 1;
    expect(hit({ operator: 'exists' })).toBe(true);
    expect(hit({ operator: 'exists' }, 'numeroContrat')).toBe(false);
    expect(hit({ operator: 'equals', value: 'DEGAT DES EAUX' }, 'evenement')).toBe(true);
    expect(hit({ operator: 'oneOf', values: ['incendie', 'dégât des eaux'] }, 'evenement')).toBe(true);
    expect(hit({ operator: 'oneOf', values: ['incendie'] }, 'evenement')).toBe(false);
    expect(hit({ operator: 'contains', value: 'eaux' }, 'evenement')).toBe(true);
    expect(hit({ operator: 'greaterThan', value: '10 000,00', valueType: 'number' })).toBe(true);
    expect(hit({ operator: 'greaterThan', value: '50000', valueType: 'number' })).toBe(false);
    expect(hit({ operator: 'lessThan', value: '50000', valueType: 'number' })).toBe(true);
    expect(hit({ operator: 'greaterThan', value: '15/02/2026', valueType: 'date' }, 'date')).toBe(true);
    expect(hit({ operator: 'lessThan', value: '2026-02-15', valueType: 'date' }, 'date')).toBe(false);
    const explained = categorize(input(withParameter({ operator: 'greaterThan', value: '1000', valueType: 'number' }), [doc(0, 'main', [[claim]])]));
    expect(explained.documents[0]!.categories[0]!.explanation).toMatchObject({ held: [{ evidence: ['declarerSinistre', 'montant = 48250'] }] });
  });

  it('counts incomplete interactions only when asked', () => {
    const partial = found('declarerSinistre', {}, false);
    const strict = { categories: [category('S', [rule('r', [interaction('declarerSinistre')])])] };
    const loose = { categories: [category('S', [rule('r', [interaction('declarerSinistre', [], { complete: false })])])] };
    expect(names(categorize(input(strict, [doc(0, 'main', [[partial]])])))).toEqual([]);
    expect(names(categorize(input(loose, [doc(0, 'main', [[partial]])])))).toEqual(['S']);
  });

  it('reads categories already given: earlier modules and this module’s attachments', () => {
    const config2 = {
      categories: [
        category('Constat', [rule('constat', [{ type: 'consolidationSource', source: 'attachment', fileName: 'constat*' }])], { target: 'attachment' }),
        category('Sinistre avec constat', [rule('avec', [{ type: 'category', category: 'constat', scope: 'attachment' }])]),
        category('Client VIP', [rule('vip', [{ type: 'category', category: 'VIP', scope: 'any' }])]),
      ],
    };
    const documents = [doc(0, 'main', [[]], 'mail.eml'), doc(1, 'attachment', [[]], 'Constat-amiable.pdf')];
    const result = categorize(input(config2, documents, { multiCategory: true }));
    expect(names(result, 0)).toEqual(['Sinistre avec constat']);
    expect(names(result, 1)).toEqual(['Constat']);
    expect(result.documents[0]!.categories[0]!.explanation).toMatchObject({ held: [{ evidence: ['Constat (Constat-amiable.pdf)'] }] });
    const earlier = categorize(input(config2, [doc(0, 'main', [[]])], { given: [{ name: 'VIP', target: 'body', document: 0, documentName: 'mail' }] }));
    expect(names(earlier)).toEqual(['Client VIP']);
  });

  it('reads extracted data, headers and metadata', () => {
    const config3 = {
      categories: [
        category('Gros sinistre', [rule('gros', [{ type: 'extractedData', field: 'montant', condition: { operator: 'greaterThan', value: '10000', valueType: 'number' } }])]),
        category('Courtier', [rule('courtier', [{ type: 'header', header: 'From', condition: { operator: 'contains', value: '@courtier.fr' } }])]),
        category('Canal web', [rule('web', [{ type: 'metadata', key: 'canal', condition: { operator: 'oneOf', values: ['web', 'app'] } }])]),
      ],
    };
    const one = (more: object) => names(categorize(input(config3, [doc(0, 'main', [[]])], { multiCategory: true, ...more })));
    expect(one({})).toEqual([]);
    expect(one({ extracted: { analysis: { montant: '12 000' }, documents: {} } })).toEqual(['Gros sinistre']);
    expect(one({ extracted: { analysis: {}, documents: { 0: { montant: ['5', '15000'] } } } })).toEqual(['Gros sinistre']);
    expect(one({ headers: { from: 'Jean <jean@COURTIER.fr>' } })).toEqual(['Courtier']);
    expect(one({ metadata: { canal: 'Web' } })).toEqual(['Canal web']);
  });

  it("reads the vision engine's categories, answer and fields, on every document", () => {
    const config5 = {
      categories: [
        category('Constat', [rule('vision', [{ type: 'visionEngine', key: 'categories', condition: { operator: 'equals', value: 'claim' } }])]),
        category('Gros montant', [rule('montant', [{ type: 'visionEngine', key: 'total', condition: { operator: 'greaterThan', value: '1000', valueType: 'number' } }])]),
        category('Pièce constat', [rule('vision pièce', [{ type: 'visionEngine', key: 'categories', condition: { operator: 'equals', value: 'claim' } }])], { target: 'attachment' }),
      ],
    };
    const documents = [doc(0, 'main', [[]], 'mail.eml'), doc(1, 'attachment', [[]], 'scan.pdf')];
    const run = (vision?: Record<string, unknown>) => categorize(input(config5, documents, { multiCategory: true, ...(vision ? { vision } : {}) }));
    expect(names(run(), 0)).toEqual([]);
    const result = run({ categories: ['invoice', 'claim'], answer: 'x', total: '1 250,00' });
    expect(names(result, 0)).toEqual(['Constat', 'Gros montant']);
    expect(names(result, 1)).toEqual(['Pièce constat']);
    expect(result.documents[0]!.categories[0]!.explanation).toMatchObject({ held: [{ evidence: ['vision categories = claim'] }] });
    expect(names(run({ categories: ['invoice'], total: null }), 0)).toEqual([]);
  });

  it("gives the advanced program the vision engine's answer as `vision`", () => {
    const program = "{% if vision.categories contains 'claim' %}Constat {{ vision.total }}{% endif %}";
    const run = (vision: Record<string, unknown>) => categorize(input({ advanced: { enabled: true, program } }, [doc(0, 'main', [[]])], { vision }));
    expect(names(run({ categories: ['claim'], total: '1250' }))).toEqual(['Constat 1250']);
    expect(names(run({ categories: ['invoice'] }))).toEqual([]);
  });

  it('categorizes each page of an attachment with per-page categories on', () => {
    const config4 = {
      defaultCategory: 'Autre',
      categories: [
        category('Sinistre', [rule('s', [interaction('declarerSinistre')])], { target: 'attachment' }),
        category('Résiliation', [rule('r', [interaction('resilierContrat')])], { target: 'attachment' }),
      ],
    };
    const attachment = doc(1, 'attachment', [[claim], [], [termination]], 'scan.pdf', true);
    const perPage = categorize(input(config4, [doc(0, 'main', [[]]), attachment], { attachmentCategoriesPerPage: true }));
    expect(perPage.documents.map((d) => [d.document, d.page, d.categories.map((c) => c.category)])).toEqual([
      [0, null, ['Autre']],
      [1, 1, ['Sinistre']],
      [1, 2, ['Autre']],
      [1, 3, ['Résiliation']],
    ]);
    const whole = categorize(input(config4, [attachment]));
    expect(whole.documents.map((d) => [d.page, d.categories.map((c) => c.category)])).toEqual([[null, ['Sinistre']]]);
  });

  it('only categorizes the documents of its input type', () => {
    const documents = [doc(0, 'main', [[claim]]), doc(1, 'attachment', [[claim]])];
    expect(categorize(input(config, documents, { inputType: 'body' })).documents.map((d) => d.document)).toEqual([0]);
    expect(categorize(input(config, documents, { inputType: 'attachment' })).documents.map((d) => d.document)).toEqual([1]);
  });

  it('taints the analysis or the document, and limits a module to given taints', () => {
    const tainting = {
      categories: [
        category('Sinistre', [rule('s', [interaction('declarerSinistre')], { taint: { name: 'urgent', scope: 'analysis' } })]),
        category('Pièce sinistre', [rule('p', [interaction('declarerSinistre')], { taint: { name: 'aExpertiser', scope: 'document' } })], { target: 'attachment' }),
      ],
    };
    const documents = [doc(0, 'main', [[claim]]), doc(1, 'attachment', [[claim]]), doc(2, 'attachment', [[]])];
    const first = categorize(input(tainting, documents));
    expect(first.taints).toEqual(['urgent']);
    expect(first.documents.map((d) => d.taints)).toEqual([[], ['aExpertiser'], []]);

    const later = { defaultCategory: 'Vu', categories: [] };
    const taints = { analysis: first.taints, documents: { 1: ['aExpertiser'] } };
    // Limited to a document taint: only that document.
    expect(categorize(input(later, documents, { taints, requiredTaints: ['aExpertiser'] })).documents.map((d) => d.document)).toEqual([1]);
    // Limited to an analysis taint: every document.
    expect(categorize(input(later, documents, { taints, requiredTaints: ['urgent'] })).documents).toHaveLength(3);
    // A taint nobody produced: nothing runs.
    expect(categorize(input(later, documents, { taints, requiredTaints: ['autre'] })).documents).toEqual([]);
  });

  it('lets the advanced program replace the rules’ categories, and keeps them on its errors', () => {
    const advanced = (program: string) => ({ ...config, advanced: { enabled: true, program } });
    const program = '{% for i in interactions %}{% if i.id == "declarerSinistre" and i.parameters.montant[0] > "40000" %}Gros sinistre\n{% endif %}{% endfor %}';
    const result = categorize(input(advanced(program), [doc(0, 'main', [[claim]])]));
    expect(result.documents[0]!.categories).toEqual([{ category: 'Gros sinistre', categoryId: null, target: 'body', explanation: { kind: 'advanced', line: 1 } }]);
    const silent = categorize(input(advanced('{% if false %}x{% endif %}'), [doc(0, 'main', [[claim]])]));
    expect(names(silent)).toEqual(['Déclaration de sinistre']);
    const broken = categorize(input(advanced('line 1\n{% if %}'), [doc(0, 'main', [[claim]])]));
    expect(names(broken)).toEqual(['Déclaration de sinistre']);
    expect(broken.advancedErrors).toEqual([{ code: 'advancedSyntaxError', line: 2, message: expect.any(String), document: 0 }]);
  });

  it('stops at its deadline and counts what it left', () => {
    let clock = 0;
    const result = categorize(input(config, [doc(0, 'main', [[claim]]), doc(1, 'attachment', [[claim]])], { deadline: 0, now: () => clock++ }));
    expect(result.documents).toHaveLength(1);
    expect(result.documentsNotCategorized).toBe(1);
  });

  it("quotes the words behind an interaction with their line and page, in document order, only the values that held a condition", () => {
    const text = 'Bonjour,\nJe souhaite résilier mon contrat AU-30871.\nMerci';
    const at = (word: string) => ({ value: word.toLowerCase(), text: word, start: text.indexOf(word), end: text.indexOf(word) + word.length, archetype: 'a', path: [], parents: [] });
    const termination: NluInteractionResult = { id: 'resilierContrat', context: 'assurance', complete: true, missing: [], parameters: { contrat: [at('AU-30871')], action: [at('résilier')] } };
    const second: NluInteractionResult = { ...termination, parameters: { contrat: [{ ...at('AU-30871'), value: 'au-99999' }] } };
    const documents: EngineDocument[] = [
      { index: 0, name: 'lettre.pdf', source: 'attachment', blocks: [{ page: 1, text: 'En-tête', interactions: [] }, { page: 2, text: 'Titre\n\nSuite', interactions: [] }, { page: 2, text, interactions: [termination, second] }] },
    ];
    const plain = categorize(input({ categories: [category('Résiliation', [rule('résiliation', [interaction('resilierContrat')], { target: 'attachment' })], { target: 'attachment' })] }, documents));
    const held = (plain.documents[0]!.categories[0]!.explanation as Extract<Explanation, { kind: 'rule' }>).held[0]!;
    // Page 2's text is its two blocks one after the other: the mail's second line is the page's fifth.
    // `at`: the words' exact place, the document's third block (its index among all the document's blocks).
    const place = (word: string) => ({ document: 0, block: 2, start: text.indexOf(word), end: text.indexOf(word) + word.length });
    expect(held.quotes).toEqual([
      { text: 'résilier', page: 2, line: 5, at: place('résilier') },
      { text: 'AU-30871', page: 2, line: 5, at: place('AU-30871') },
    ]);
    const quoted = (quote: Quote) => documents[quote.at!.document]!.blocks[quote.at!.block]!.text.slice(quote.at!.start, quote.at!.end);
    expect(held.quotes.map(quoted)).toEqual(['résilier', 'AU-30871']);
    // Per page, a page's unit reads some of the blocks: the quote still names the block by its index in the document.
    const perPage = categorize(
      input({ categories: [category('Résiliation', [rule('résiliation', [interaction('resilierContrat')], { target: 'attachment' })], { target: 'attachment' })] }, documents, { attachmentCategoriesPerPage: true }),
    );
    const pageTwo = perPage.documents.find((result) => result.page === 2)!;
    const pageTwoQuotes = (pageTwo.categories[0]!.explanation as Extract<Explanation, { kind: 'rule' }>).held[0]!.quotes;
    expect(pageTwoQuotes.map((quote) => quote.at)).toEqual([place('résilier'), place('AU-30871')]);
    const conditioned = categorize(
      input({ categories: [category('R', [rule('r', [interaction('resilierContrat', [{ parameter: 'contrat', condition: { operator: 'equals', value: 'au-99999' } }])])], { target: 'attachment' })] }, documents),
    );
    // Only the interaction whose value held is quoted, with its other parameters' words (none here).
    expect((conditioned.documents[0]!.categories[0]!.explanation as Extract<Explanation, { kind: 'rule' }>).held[0]!.quotes).toEqual([{ text: 'AU-30871', page: 2, line: 5, at: place('AU-30871') }]);
  });
});
