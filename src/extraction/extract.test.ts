import { describe, expect, it } from 'vitest';
import { extractionConfigSchema, type ExtractionFieldInput } from '../contract/modules/extraction';
import type { NluInteractionResult } from '../contract/modules/nlu';
import type { EvidenceSpan } from '../contract/modules/evidence-span';
import { categorize } from '../categorization/categorize';
import { input as categorizationInput } from '../categorization/test-fixtures';
import type { EngineDocument } from './types';
import { extract, extractedForCategorization } from './extract';

const MAIL = 'Bonjour,\nJe déclare un sinistre survenu le 12/03/2026 sur le contrat n° AB-123456.\nMontant des dégâts : 1 250,50 €.\nIBAN : FR76 3000 6000 0112 3456 7890 189\nCordialement';

function nluFound(id: string, parameters: Record<string, { value: string; text: string }[]>): NluInteractionResult {
  return {
    id,
    context: 'assurance',
    complete: true,
    missing: [],
    parameters: Object.fromEntries(Object.entries(parameters).map(([name, values]) => [name, values.map((v) => ({ ...v, start: 0, end: v.text.length, archetype: name, path: [], parents: [] }))])),
  };
}

function document(index: number, source: EngineDocument['source'], text: string, interactions: NluInteractionResult[] = []): EngineDocument {
  return { index, name: `doc${index}`, source, blocks: [{ page: null, text, interactions }] };
}

let ids = 0;
const field = (name: string, source: ExtractionFieldInput['source'], format: ExtractionFieldInput['format'] = 'string'): ExtractionFieldInput => ({ id: `f${++ids}`, name, format, source });

function run(fields: ExtractionFieldInput[], documents: EngineDocument[] = [document(0, 'main', MAIL)], more: Record<string, unknown> = {}) {
  return extract({
    config: extractionConfigSchema.parse({ fields, ...(more.config as object) }),
    documents,
    inputType: (more.inputType as 'body' | null | undefined) ?? null,
    headers: { subject: 'Déclaration de sinistre', from: 'jean.dupont@exemple.fr' },
    metadata: { customerId: 'C-42', priority: 3, urgent: 'oui' },
    language: 'fr',
    now: new Date('2026-03-20T10:00:00Z'),
  });
}

describe('field sources', () => {
  it('reads NLU parameters: value or captured text, first or all', () => {
    const interactions = [nluFound('declarationSinistre', { numeroContrat: [{ value: 'AB-123456', text: 'ab 123456' }, { value: 'CD-9', text: 'cd9' }] })];
    const result = run(
      [
        field('first', { type: 'nluParameter', interaction: 'declarationSinistre', parameter: 'numeroContrat' }),
        field('asWritten', { type: 'nluParameter', interaction: 'declarationSinistre', parameter: 'numeroContrat', read: 'text' }),
        field('every', { type: 'nluParameter', interaction: 'declarationSinistre', parameter: 'numeroContrat', which: 'all' }),
        field('otherInteraction', { type: 'nluParameter', interaction: 'resiliation', parameter: 'numeroContrat' }),
      ],
      [document(0, 'main', MAIL, interactions)],
    );
    expect(result.fields).toEqual({ first: 'AB-123456', asWritten: 'ab 123456', every: ['AB-123456', 'CD-9'], otherInteraction: null });
    expect(result.errors).toEqual([]);
  });

  it('reads parameters of complete interactions only, unless the field also takes incomplete ones', () => {
    // An address change the NLU half-recognised as a claim: its claim date must not fill the field.
    const claim = { ...nluFound('declarationSinistre', { dateSinistre: [{ value: '2026-03-01', text: '1er mars' }] }), complete: false, missing: ['numeroContrat'] };
    const address = nluFound('changementAdresse', { dateEffet: [{ value: '2026-04-01', text: '1er avril' }] });
    const result = run(
      [
        field('claimDate', { type: 'nluParameter', interaction: 'declarationSinistre', parameter: 'dateSinistre' }),
        field('claimDateEvenIncomplete', { type: 'nluParameter', interaction: 'declarationSinistre', parameter: 'dateSinistre', incomplete: true }),
        field('moveDate', { type: 'nluParameter', interaction: 'changementAdresse', parameter: 'dateEffet' }),
      ],
      [document(0, 'main', MAIL, [claim, address])],
    );
    expect(result.fields).toEqual({ claimDate: null, claimDateEvenIncomplete: '2026-03-01', moveDate: '2026-04-01' });
  });

  it('finds builtin archetypes in the text, normalised', () => {
    const result = run([
      field('date', { type: 'builtin', builtin: 'date' }),
      field('amount', { type: 'builtin', builtin: 'amount' }),
      field('amountNumber', { type: 'builtin', builtin: 'amount' }, 'number'),
      field('iban', { type: 'builtin', builtin: 'iban' }),
      field('phone', { type: 'builtin', builtin: 'phone' }),
    ]);
    expect(result.fields).toEqual({ date: '2026-03-12', amount: '1250.5 EUR', amountNumber: 1250.5, iban: 'FR7630006000011234567890189', phone: null });
  });

  it('reads a regular expression: whole match, numbered or named group, all matches', () => {
    const result = run([
      field('whole', { type: 'regex', pattern: '[A-Z]{2}-\\d{6}', ignoreCase: false }),
      field('numbered', { type: 'regex', pattern: 'contrat n° ([A-Z]{2}-\\d+)', group: 1 }),
      field('named', { type: 'regex', pattern: 'survenu le (?P<day>\\d\\d/\\d\\d/\\d{4})', group: 'day' }),
      field('years', { type: 'regex', pattern: '\\d{4}', which: 'all' }, 'array'),
    ]);
    expect(result.fields).toMatchObject({ whole: 'AB-123456', numbered: 'AB-123456', named: '12/03/2026' });
    expect((result.fields!.years as string[]).slice(0, 2)).toEqual(['2026', '1234']);
  });

  it('refuses a bad pattern and an unknown group with a per-field error, and fills the other fields', () => {
    const result = run([
      field('broken', { type: 'regex', pattern: '(abc' }),
      field('noGroup', { type: 'regex', pattern: 'abc', group: 2 }),
      field('backReference', { type: 'regex', pattern: '(a)\\1' }),
      field('ok', { type: 'header', header: 'Subject' }),
    ]);
    expect(result.fields).toEqual({ broken: null, noGroup: null, backReference: null, ok: 'Déclaration de sinistre' });
    expect(result.errors.map((error) => [error.field, error.code])).toEqual([
      ['broken', 'badRegex'],
      ['noGroup', 'unknownGroup'],
      ['backReference', 'badRegex'],
    ]);
  });

  it('stays linear on a pattern that backtracks without end in JavaScript', () => {
    const started = Date.now();
    const result = run([field('evil', { type: 'regex', pattern: '(a+)+$' })], [document(0, 'main', `${'a'.repeat(50_000)}!`)]);
    expect(result.fields).toEqual({ evil: null });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reads mail headers (any case) and metadata', () => {
    const result = run([
      field('sender', { type: 'header', header: 'FROM' }),
      field('missingHeader', { type: 'header', header: 'x-unknown' }),
      field('customer', { type: 'metadata', key: 'customerId' }),
      field('priority', { type: 'metadata', key: 'priority' }, 'number'),
      field('urgent', { type: 'metadata', key: 'urgent' }, 'boolean'),
      field('protoKey', { type: 'metadata', key: 'constructor' }),
      field('protoHeader', { type: 'header', header: '__proto__' }),
    ]);
    expect(result.fields).toEqual({ sender: 'jean.dupont@exemple.fr', missingHeader: null, customer: 'C-42', priority: 3, urgent: true, protoKey: null, protoHeader: null });
  });

  it('runs snippets with the extraction filters, earlier fields and named snippets', () => {
    const result = run(
      [
        field('contract', { type: 'snippet', program: '{{ text | after: "contrat n°" | remove: "." }}' }),
        field('amount', { type: 'snippet', program: '{{ text | parse_amount }}' }, 'number'),
        field('withTax', { type: 'snippet', program: '{{ fields.amount | times: 2 }}' }, 'number'),
        field('deadline', { type: 'namedSnippet', snippet: 'inThirtyDays' }),
        field('subject', { type: 'snippet', program: '{{ headers.subject | upcase }}' }),
        field('list', { type: 'snippet', program: '{{ text | find: "date" | json }}' }, 'array'),
        field('object', { type: 'snippet', program: '{"customer": "{{ metadata.customerId }}"}' }, 'object'),
      ],
      undefined,
      { config: { snippets: [{ name: 'inThirtyDays', program: '{{ text | parse_date | add_days: 30 }}' }] } },
    );
    expect(result.fields).toEqual({
      contract: 'AB-123456',
      amount: 1250.5,
      withTax: 2501,
      deadline: '2026-04-11',
      subject: 'DÉCLARATION DE SINISTRE',
      list: ['2026-03-12'],
      object: { customer: 'C-42' },
    });
    expect(result.errors).toEqual([]);
  });

  it('reports snippet failures per field: unknown snippet, syntax with its line, runtime', () => {
    const result = run([
      field('unknown', { type: 'namedSnippet', snippet: 'nowhere' }),
      field('syntax', { type: 'snippet', program: 'ok\n{% if %}' }),
      field('badFilter', { type: 'snippet', program: '{{ text | no_such_filter }}' }),
      field('badBuiltin', { type: 'snippet', program: '{{ text | find: "colour" }}' }),
    ]);
    expect(result.errors.map((error) => [error.field, error.code])).toEqual([
      ['unknown', 'unknownSnippet'],
      ['syntax', 'snippetSyntax'],
      ['badFilter', 'snippetSyntax'],
      ['badBuiltin', 'snippetRuntime'],
    ]);
    expect(result.errors[1]!.params.line).toBe(2);
  });
});

describe('snippet limits', () => {
  it('stops a loop past the time limit and a string bomb past the output limit', () => {
    const result = run([
      field('loop', { type: 'snippet', program: '{% for i in (1..100000000) %}{% endfor %}' }),
      field('big', { type: 'snippet', program: '{% for i in (1..20000) %}xxxxxxxxxx{% endfor %}' }),
      field('after', { type: 'header', header: 'subject' }),
    ]);
    expect(result.errors.map((error) => [error.field, error.code])).toEqual([
      ['loop', expect.stringMatching(/snippetTimeLimit|snippetMemoryLimit/)],
      ['big', 'snippetOutputTooLarge'],
    ]);
    expect(result.fields).toMatchObject({ loop: null, big: null, after: 'Déclaration de sinistre' });
  });

  it('cannot read files or prototypes', () => {
    const result = run([
      field('include', { type: 'snippet', program: "{% include 'etc/passwd' %}" }),
      field('proto', { type: 'snippet', program: '{{ metadata.constructor.name }}|{{ text.__proto__ }}' }),
    ]);
    expect(result.fields!.include).toBeNull();
    expect(result.fields!.proto).toBe('|');
  });
});

describe('scopes', () => {
  it('runs once on every document of the input type, or once on the whole analysis', () => {
    const documents = [document(0, 'main', 'Contrat AB-000001'), document(1, 'attachment', 'Contrat AB-000002')];
    const fields = [field('contract', { type: 'regex', pattern: 'AB-\\d+' }), field('all', { type: 'regex', pattern: 'AB-\\d+', which: 'all' }, 'array')];
    const [first, second] = [0, 1].map((document) => ({ document, block: 0, start: 8, end: 17 }));
    const perAttachment = run(fields, documents, { inputType: 'attachment' });
    expect(perAttachment.scope).toBe('documents');
    expect(perAttachment.documents).toEqual([{ document: 1, documentName: 'doc1', source: 'attachment', fields: { contract: 'AB-000002', all: ['AB-000002'] }, errors: [], evidence: { contract: [second], all: [second] } }]);
    const once = run(fields, documents);
    expect(once).toEqual({ scope: 'analysis', fields: { contract: 'AB-000001', all: ['AB-000001', 'AB-000002'] }, errors: [], evidence: { contract: [first], all: [first, second] }, documents: [] });
  });

  it('feeds the categorization criterion extractedData', () => {
    const extracted = extractedForCategorization([run([field('amount', { type: 'builtin', builtin: 'amount' }, 'number')])]);
    const config = {
      categories: [
        { id: 'big', name: 'Gros sinistre', rules: [{ id: 'r1', name: 'r', criteria: [{ type: 'extractedData', field: 'amount', condition: { operator: 'greaterThan', value: '1000', valueType: 'number' } }] }] },
      ],
    };
    const docs = [{ index: 0, name: 'mail', source: 'main' as const, blocks: [{ page: null, text: MAIL, interactions: [] }] }];
    expect(categorize(categorizationInput(config, docs, { extracted })).documents[0]!.categories.map((c) => c.category)).toEqual(['Gros sinistre']);
    expect(categorize(categorizationInput(config, docs)).documents[0]!.categories).toEqual([]);
  });
});

describe('taints', () => {
  it('reads per document only the documents carrying a required taint, or all when the analysis carries it', () => {
    const documents = [document(0, 'main', 'Contrat AB-000001'), document(1, 'attachment', 'Contrat AB-000002')];
    const base = {
      config: extractionConfigSchema.parse({ fields: [field('contract', { type: 'regex', pattern: 'AB-\\d+' })] }),
      documents,
      inputType: 'both' as const,
      headers: {},
      metadata: {},
      language: 'fr' as const,
      now: new Date('2026-03-20T10:00:00Z'),
      requiredTaints: ['sinistre'],
    };
    const onAttachment = extract({ ...base, taints: { analysis: [], documents: { 1: ['sinistre'] } } });
    expect(onAttachment.documents.map((doc) => doc.fields.contract)).toEqual(['AB-000002']);
    const onAnalysis = extract({ ...base, taints: { analysis: ['sinistre'], documents: {} } });
    expect(onAnalysis.documents.map((doc) => doc.fields.contract)).toEqual(['AB-000001', 'AB-000002']);
  });
});

describe('evidence', () => {
  /** The words a span points at, read as the result's evidence view reads them. */
  const words = (documents: EngineDocument[], span: EvidenceSpan) => documents.find((d) => d.index === span.document)!.blocks[span.block]!.text.slice(span.start, span.end);
  const wordsOf = (documents: EngineDocument[], spans: EvidenceSpan[] | undefined) => (spans ?? []).map((span) => words(documents, span));

  /** An NLU value found at its real place in the block's text. */
  function nluAt(id: string, text: string, parameter: string, found: string[]): NluInteractionResult {
    const values = found.map((word) => ({ value: word.toUpperCase(), text: word, start: text.indexOf(word), end: text.indexOf(word) + word.length, archetype: parameter, path: [], parents: [] }));
    return { id, context: 'assurance', complete: true, missing: [], parameters: { [parameter]: values } };
  }

  it('points at the NLU values kept, in their own block of their own document', () => {
    const second = 'Objet : sinistre\nContrat AB-123456, avenant CD-9';
    const documents: EngineDocument[] = [
      document(0, 'main', 'Bonjour'),
      { index: 1, name: 'doc1', source: 'attachment', blocks: [{ page: 1, text: 'En-tête', interactions: [] }, { page: 2, text: second, interactions: [nluAt('declarationSinistre', second, 'numeroContrat', ['AB-123456', 'CD-9'])] }] },
    ];
    const result = run(
      [
        field('first', { type: 'nluParameter', interaction: 'declarationSinistre', parameter: 'numeroContrat' }),
        field('every', { type: 'nluParameter', interaction: 'declarationSinistre', parameter: 'numeroContrat', which: 'all' }),
        field('nowhere', { type: 'nluParameter', interaction: 'resiliation', parameter: 'numeroContrat' }),
      ],
      documents,
    );
    expect(result.fields).toEqual({ first: 'AB-123456', every: ['AB-123456', 'CD-9'], nowhere: null });
    expect(Object.keys(result.evidence)).toEqual(['first', 'every']);
    expect(result.evidence.first).toEqual([{ document: 1, block: 1, start: second.indexOf('AB-123456'), end: second.indexOf('AB-123456') + 9 }]);
    expect(wordsOf(documents, result.evidence.every)).toEqual(['AB-123456', 'CD-9']);
  });

  it('points at a regular expression’s group and at builtin matches, mapped back from the joined text', () => {
    const documents: EngineDocument[] = [
      { index: 0, name: 'mail', source: 'main', blocks: [{ page: null, text: 'Bonjour,', interactions: [] }, { page: null, text: MAIL, interactions: [] }] },
      document(1, 'attachment', 'Facture du 02/04/2026 : 300 €, contrat n° CD-654321'),
    ];
    const result = run(
      [
        field('contract', { type: 'regex', pattern: 'contrat n° ([A-Z]{2}-\\d+)', group: 1 }),
        field('named', { type: 'regex', pattern: 'survenu le (?P<day>\\d\\d/\\d\\d/\\d{4})', group: 'day' }),
        field('contracts', { type: 'regex', pattern: 'contrat n° ([A-Z]{2}-\\d+)', group: 1, which: 'all' }, 'array'),
        field('date', { type: 'builtin', builtin: 'date' }),
        field('amount', { type: 'builtin', builtin: 'amount' }, 'number'),
        field('amounts', { type: 'builtin', builtin: 'amount', which: 'all' }),
      ],
      documents,
    );
    expect(result.fields).toMatchObject({ contract: 'AB-123456', named: '12/03/2026', contracts: ['AB-123456', 'CD-654321'], date: '2026-03-12', amount: 1250.5 });
    expect(result.evidence.contract).toEqual([{ document: 0, block: 1, start: MAIL.indexOf('AB-123456'), end: MAIL.indexOf('AB-123456') + 9 }]);
    expect(wordsOf(documents, result.evidence.named)).toEqual(['12/03/2026']);
    expect(wordsOf(documents, result.evidence.contracts)).toEqual(['AB-123456', 'CD-654321']);
    expect(result.evidence.contracts![1]).toMatchObject({ document: 1, block: 0 });
    expect(wordsOf(documents, result.evidence.date)).toEqual(['12/03/2026']);
    expect(wordsOf(documents, result.evidence.amount)).toEqual(['1 250,50 €']);
    expect(wordsOf(documents, result.evidence.amounts)).toEqual(['1 250,50 €', '300 €']);
  });

  it('points per document at the document’s own blocks', () => {
    const documents = [document(0, 'main', 'Contrat AB-000001'), document(1, 'attachment', 'Contrat AB-000002')];
    const result = run([field('contract', { type: 'regex', pattern: 'AB-\\d+' })], documents, { inputType: 'both' });
    expect(result.evidence).toEqual({});
    expect(result.documents.map((doc) => doc.evidence.contract)).toEqual([[{ document: 0, block: 0, start: 8, end: 17 }], [{ document: 1, block: 0, start: 8, end: 17 }]]);
  });

  it('has none for a value not kept (failed conversion, nothing found) nor for headers, metadata and snippets', () => {
    const result = run([
      field('notANumber', { type: 'regex', pattern: 'contrat n° ([A-Z]{2}-\\d+)', group: 1 }, 'number'),
      field('missing', { type: 'regex', pattern: 'ZZ-\\d+' }),
      field('sender', { type: 'header', header: 'from' }),
      field('customer', { type: 'metadata', key: 'customerId' }),
      field('snippet', { type: 'snippet', program: '{{ text | after: "contrat n°" | remove: "." }}' }),
      field('kept', { type: 'builtin', builtin: 'iban' }),
    ]);
    expect(result.fields).toMatchObject({ notANumber: null, missing: null, sender: 'jean.dupont@exemple.fr', customer: 'C-42', snippet: 'AB-123456' });
    expect(result.errors.map((error) => error.field)).toEqual(['notANumber']);
    expect(Object.keys(result.evidence)).toEqual(['kept']);
    expect(wordsOf([document(0, 'main', MAIL)], result.evidence.kept)).toEqual(['FR76 3000 6000 0112 3456 7890 189']);
  });
});
