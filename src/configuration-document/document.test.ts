import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { environmentSettingsSchema } from '../contract/environments';
import { INTERACTION_FUNCTION_KINDS } from '../nlu/types';
import { configurationDocumentSchema, type ConfigurationDocument } from './document';
import { documentOutline } from './outline';
import { documentProblems } from './problems';
import { documentToText, readDocumentText } from './text';

/** Texts as people and imports write them: any character but the control ones the schemas refuse. */
// eslint-disable-next-line no-control-regex -- the control characters plainText() refuses
const anyText = fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => text.replace(/[\u0000-\u001f\u007f]/g, ''));
const multiline = fc.array(anyText, { maxLength: 4 }).map((lines) => lines.join('\n'));
const name = anyText.map((text) => text.trim()).filter((text) => text.length > 0);
const jsonValue = fc.jsonValue({ maxDepth: 3 });

const settingsArbitrary = fc
  .record({
    debugMode: fc.boolean(),
    retention: fc.constantFrom('1d', '1w', '1m'),
    categories: fc.array(fc.record({ name, description: anyText }), { maxLength: 4 }),
    replyTemplates: fc.uniqueArray(fc.record({ id: fc.uuid(), name, body: multiline, llmPrompt: fc.boolean() }), { maxLength: 3, selector: (t) => t.name.toLowerCase() }),
    output: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), jsonValue, { maxKeys: 4 }),
  })
  .map(({ output, ...rest }) => environmentSettingsSchema.safeParse({ ...rest, modules: [{ id: 'out', type: 'output', name: 'Output', config: output }] }))
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data!);

/** NLU item names as the contract takes them (no [ ] ; or line break, trimmed). */
const nluName = name.map((text) => text.replace(/[[\];]/g, '').trim()).filter((text) => text.length > 0 && text.length <= 100);
const optionalText = fc.option(anyText.map((text) => text.trim().slice(0, 200)), { nil: null });
/** The console's fields the NLU export has no place for: notes, distances, function lists and the functions. */
const nluFunction = fc.record({
  name: nluName,
  enabled: fc.boolean(),
  kind: fc.constantFrom(...INTERACTION_FUNCTION_KINDS),
  stringValue: optionalText,
  parameterName: optionalText,
  interactionToFind: optionalText,
  parameterToFind: optionalText,
  parameterBaseline: optionalText,
});
const interaction = fc.record(
  { id_interaction: name, verbose: fc.constant([]), distance: fc.integer({ min: -1, max: 1000 }), functions: fc.array(nluName, { maxLength: 3 }) },
  { requiredKeys: ['id_interaction', 'verbose'] },
);

const nluArbitrary = fc.record({
  archetypes: fc.uniqueArray(
    fc.record(
      { name, langs: fc.constant(['fr']), dict: fc.array(fc.record({ lang: fc.constant('fr'), dictionary: multiline }), { maxLength: 1 }), notes: multiline.map((text) => text.slice(0, 5000)) },
      { requiredKeys: ['name', 'langs', 'dict'] },
    ),
    { maxLength: 3, selector: (a) => a.name },
  ),
  contexts: fc.array(fc.record({ name, langs: fc.constant(['fr']), interactions: fc.array(interaction, { maxLength: 2 }) }), { maxLength: 2 }),
  functions: fc.uniqueArray(nluFunction, { maxLength: 3, selector: (fn) => fn.name }),
  servers: fc.array(fc.record({ name, contexts: fc.array(name, { maxLength: 2 }), version: fc.constantFrom('4.12', '5.0', 'v5.1') }), { maxLength: 2 }),
});

function documentOf(settings: unknown, nlu: unknown): ConfigurationDocument {
  return configurationDocumentSchema.parse({ settings, nlu }) as ConfigurationDocument;
}

describe('configuration document text', () => {
  it('brings every configuration back unchanged from its text', () => {
    fc.assert(
      fc.property(settingsArbitrary, nluArbitrary, (settings, nlu) => {
        const document = documentOf(settings, nlu);
        const read = readDocumentText(documentToText(document));
        expect(read.problems).toEqual([]);
        expect(read.document).toEqual(document);
        // Writing it again gives the same text: a diff of texts is a diff of configurations.
        expect(documentToText(read.document!)).toBe(documentToText(document));
      }),
      { numRuns: 150 },
    );
  });

  it('carries what the NLU export has no place for: notes, distances, function lists and the functions', () => {
    const nlu = {
      archetypes: [{ name: 'motif', notes: 'Pourquoi le client écrit' }],
      contexts: [{ name: 'assurance', interactions: [{ id_interaction: 'resilier', distance: -1, functions: ['parleDuContrat'] }] }],
      functions: [{ name: 'parleDuContrat', kind: 'interactionAround', stringValue: 'contrat' }],
    };
    const text = documentToText(documentOf({}, nlu));
    expect(text).toContain('notes: Pourquoi le client écrit');
    expect(text).toContain('distance: -1');
    expect(text).toMatch(/functions:\n\s+- parleDuContrat/);
    const read = readDocumentText(text).document!;
    expect(read.nlu.functions).toEqual([expect.objectContaining({ name: 'parleDuContrat', kind: 'interactionAround', stringValue: 'contrat', enabled: true })]);
    // A wrong value is a schema error on its line, as for any other field.
    const wrong = documentProblems(text.replace('distance: -1', 'distance: -5')).problems;
    expect(wrong).toEqual([expect.objectContaining({ source: 'schema', line: text.split('\n').findIndex((row) => row.includes('distance: -1')) + 1 })]);
  });

  it('names the line and the message of a syntax error', () => {
    const text = documentToText(documentOf({}, {})).replace('  debugMode: false', '  debugMode: [false');
    const { problems } = documentProblems(text);
    expect(problems[0]).toMatchObject({ source: 'syntax', code: 'configurationSyntax', severity: 'error' });
    expect(problems[0]!.line).toBeGreaterThanOrEqual(3);
    expect(problems[0]!.message).toMatch(/^Syntax error in your configuration, line \d+: /);
  });

  it('points a schema error at the line of the wrong value', () => {
    const text = documentToText(documentOf({}, {})).replace('retention: 1m', 'retention: forever');
    const { problems } = documentProblems(text);
    const line = text.split('\n').findIndex((row) => row.includes('retention: forever')) + 1;
    expect(problems).toEqual([expect.objectContaining({ source: 'schema', line, path: ['settings', 'retention'] })]);
  });

  it('checks module configs against their module and reports §8 messages on their line', () => {
    const settings = {
      modules: [
        {
          id: 'cat',
          type: 'categorization',
          name: 'Categories',
          config: { categories: [{ id: 'c1', name: 'Termination', rules: [{ id: 'r1', name: 'cancel', criteria: [{ type: 'interaction', interaction: 'cancel' }] }] }] },
        },
      ],
    };
    const nlu = { contexts: [{ name: 'main', interactions: [{ id_interaction: 'cancel' }] }], servers: [{ name: 's', contexts: ['main'], version: '5.0' }] };
    const text = documentToText(documentOf(settings, nlu));
    expect(documentProblems(text).problems).toEqual([]);

    const broken = text.replace('interaction: cancel', 'interaction: cancell');
    const line = broken.split('\n').findIndex((row) => row.includes('interaction: cancell')) + 1;
    const unknown = documentProblems(broken).problems.find((problem) => problem.code === 'unknownInteraction');
    expect(unknown).toMatchObject({ source: 'message', severity: 'warning', params: { interaction: 'cancell' } });
    expect(unknown!.line).toBe(line);

    const wrongType = text.replace('id: r1', 'id: ""');
    const schema = documentProblems(wrongType).problems;
    expect(schema).toEqual([expect.objectContaining({ source: 'schema', path: ['settings', 'modules', '0', 'config', 'categories', '0', 'rules', '0', 'id'] })]);
    expect(schema[0]!.line).toBe(wrongType.split('\n').findIndex((row) => row.includes('id: ""')) + 1);

    const unserved = text.replace('      contexts:\n        - main', '      contexts: []');
    expect(documentProblems(unserved).problems).toContainEqual(expect.objectContaining({ code: 'noServerLinked', params: { context: 'main' } }));
  });

  it('outlines entities with their lines, even while the schema refuses the text', () => {
    const text = documentToText(documentOf({ categories: [{ name: 'Invoices' }] }, { archetypes: [{ name: 'amount' }] })).replace('retention: 1m', 'retention: 7');
    const read = readDocumentText(text);
    expect(read.document).toBeNull();
    const outline = documentOutline(read.raw, read.lineOf);
    const archetype = outline.find((node) => node.label === 'archetypes')!.children[0]!;
    expect(archetype.label).toBe('amount');
    expect(text.split('\n')[archetype.line - 1]).toContain('name: amount');
    const category = outline.find((node) => node.label === 'categories')!.children[0]!;
    expect(text.split('\n')[category.line - 1]).toContain('Invoices');
  });
});

describe('graph problem checks in the document', () => {
  it('places them on their entity line, leaving to the §8 messages what they already say', async () => {
    const { graphProblemsChecker } = await import('./graph-checks');
    const document = documentOf(
      {},
      {
        archetypes: [{ name: 'orphan', dict: [{ lang: 'fr', dictionary: 'mot\n[[absent]]' }] }],
        contexts: [{ name: 'main', interactions: [] }],
        servers: [{ name: 's', contexts: ['main', 'ghost'] }],
      },
    );
    const text = documentToText(document);
    const problems = documentProblems(text, [graphProblemsChecker]).problems.filter((problem) => problem.source === 'check');
    const codes = problems.map((problem) => problem.code);
    expect(codes).toEqual(expect.arrayContaining(['unknownSubArchetype', 'unusedArchetype', 'serverUnknownContext']));
    const orphan = problems.find((problem) => problem.code === 'unusedArchetype')!;
    expect(text.split('\n')[orphan.line - 1]).toContain('name: orphan');
    const ghost = problems.find((problem) => problem.code === 'serverUnknownContext')!;
    expect(text.split('\n')[ghost.line - 1]).toContain('name: s');
  });
});
