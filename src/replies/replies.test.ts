import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { sandboxFailureReason } from '../contract/failure-reasons';
import { pipelineSentencesText } from '../i18n/pipeline-message-text';
import { resources } from '../i18n/resources';
import { environmentSettingsSchema } from '../contract/environments';
import { replyTemplateSchema, type ReplyTemplateInput } from '../contract/modules/reply-template';
import { replyTemplateProblems } from './checks';
import { findIncludeCycle, includeRelations, includedNames, renameIncludes } from './includes';
import { renderReplyTemplate } from './render';
import { selectReplyTemplate } from './select';
import { buildReplyVariables, REPLY_SAMPLE_VARIABLES, replyVariablesSchema } from './variables';

const template = (input: Omit<ReplyTemplateInput, 'id'>) => replyTemplateSchema.parse({ id: input.name, ...input });

describe('includes', () => {
  it('finds literal include and render names, once each', () => {
    expect(includedNames("{% include 'signature' %} {%- render \"footer\" -%} {% include 'signature' %}")).toEqual(['signature', 'footer']);
    expect(includedNames('{% liquid\n  include "inner"\n%}')).toEqual(['inner']);
    expect(includedNames('{{ include }} include me')).toEqual([]);
  });

  it('names a direct cycle and a cycle through others', () => {
    expect(findIncludeCycle([{ name: 'a', body: "{% include 'a' %}" }])).toEqual(['a', 'a']);
    expect(
      findIncludeCycle([
        { name: 'a', body: "{% include 'b' %}" },
        { name: 'b', body: "{% include 'c' %}" },
        { name: 'c', body: "x {% include 'a' %}" },
      ]),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(findIncludeCycle([{ name: 'a', body: "{% include 'b' %}{% include 'b' %}" }, { name: 'b', body: 'fin' }])).toBeNull();
  });

  it('follows a rename in the includes of other templates, and nowhere else', () => {
    const body = "{% include 'Signature' %} {%- render \"Signature\" -%} {{ 'Signature' }} {% include 'Signature 2' %}";
    expect(renameIncludes(body, 'Signature', 'Pied')).toBe("{% include 'Pied' %} {%- render \"Pied\" -%} {{ 'Signature' }} {% include 'Signature 2' %}");
    expect(renameIncludes("{% include 'a.b' %}{% include 'axb' %}", 'a.b', 'c')).toBe("{% include 'c' %}{% include 'axb' %}");
  });

  it('lists what a template includes and what includes it', () => {
    const all = [
      { name: 'reply', body: "{% include 'signature' %}" },
      { name: 'other', body: "{% render 'signature' %}" },
      { name: 'signature', body: 'Cordialement' },
    ];
    expect(includeRelations(all, 'signature')).toEqual({ includes: [], includedBy: ['reply', 'other'] });
    expect(includeRelations(all, 'reply')).toEqual({ includes: ['signature'], includedBy: [] });
  });
});

describe('template rules (§3, §5)', () => {
  it('refuses a cycle with a stable code naming it, two defaults, duplicate names and categories', () => {
    const problems = replyTemplateProblems([
      template({ name: 'a', body: "{% include 'b' %}", isDefault: true, category: 'sinistre' }),
      template({ name: 'b', body: "{% include 'a' %}", isDefault: true, category: 'sinistre' }),
      template({ name: 'A', body: '' }),
    ]);
    expect(problems.map((problem) => problem.code).sort()).toEqual(['templateCategoryTaken', 'templateDefaultTwice', 'templateIncludeCycle', 'templateNameTaken']);
    expect(problems.find((problem) => problem.code === 'templateIncludeCycle')?.params).toEqual({ cycle: ['a', 'b', 'a'] });
  });

  it('makes a settings write with a cycle fail, with the code in the issue', () => {
    const parsed = environmentSettingsSchema.safeParse({ replyTemplates: [{ id: '1', name: 'a', body: "{% include 'a' %}" }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ params: { code: 'templateIncludeCycle', cycle: ['a', 'a'] } });
    expect(environmentSettingsSchema.parse({}).replyTemplates).toEqual([]);
  });
});

describe('template selection', () => {
  const templates = [
    template({ name: 'claim', category: 'sinistre' }),
    template({ name: 'quote', category: 'devis' }),
    template({ name: 'fallback', isDefault: true }),
  ];

  it("takes the template of the analysis's first category that has one, without case", () => {
    expect(selectReplyTemplate(templates, ['autre', 'DEVIS', 'sinistre'])).toMatchObject({ template: { name: 'quote' }, chosenFor: 'category', category: 'DEVIS' });
  });

  it('falls back on the default, or on nothing (§8)', () => {
    expect(selectReplyTemplate(templates, ['autre'])).toMatchObject({ template: { name: 'fallback' }, chosenFor: 'default' });
    expect(selectReplyTemplate(templates, [], { useDefaultTemplate: false })).toEqual({ template: null, reason: 'noTemplate' });
    expect(selectReplyTemplate(templates.slice(0, 2), [])).toEqual({ template: null, reason: 'noTemplate' });
  });
});

describe('rendering', () => {
  const signature = { name: 'signature', body: 'Cordialement,\nLe service {{ metadata.channel | upcase }}' };

  it('renders variables and includes from the other templates', () => {
    const reply = { name: 'reply', body: "Bonjour,\nVotre contrat {{ extractedData.contractNumber }} ({{ category }}).\n{% include 'signature' %}" };
    expect(renderReplyTemplate(reply, [reply, signature], REPLY_SAMPLE_VARIABLES)).toEqual({
      ok: true,
      output: 'Bonjour,\nVotre contrat HAB-2024-118844 (sinistre).\nCordialement,\nLe service EMAIL',
    });
  });

  it('reports the line and the template of an error, in an included template too', () => {
    const broken = renderReplyTemplate({ name: 'reply', body: 'ok\n{{ subject | nofilter }}' }, [], REPLY_SAMPLE_VARIABLES);
    expect(broken).toMatchObject({ ok: false, error: { line: 2, template: 'reply' } });
    const inner = { name: 'inner', body: 'a\nb\n{% if %}' };
    const outer = renderReplyTemplate({ name: 'outer', body: "{% include 'inner' %}" }, [inner], REPLY_SAMPLE_VARIABLES);
    expect(outer).toMatchObject({ ok: false, error: { line: 3, template: 'inner' } });
    expect(renderReplyTemplate({ name: 'r', body: "{% include 'missing' %}" }, [], REPLY_SAMPLE_VARIABLES)).toMatchObject({ ok: false, error: { message: expect.stringContaining('missing') } });
  });

  it("names a missing included template by a code and its name, said in the reader's language, never liquidjs's ENOENT text", async () => {
    const rendered = renderReplyTemplate({ name: 'r', body: "Bonjour\n{% include 'signature' %}" }, [], REPLY_SAMPLE_VARIABLES);
    expect(rendered).toMatchObject({ ok: false, error: { code: 'partialNotFound', partial: 'signature', line: 2, template: 'r' } });
    if (rendered.ok) throw new Error('the include has no template');
    const why = sandboxFailureReason(rendered.error, 'templateEngine');
    expect(why).toEqual({ key: 'reason.partialNotFound', params: { name: 'signature' } });
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'fr', ns: Object.keys(resources.fr), interpolation: { escapeValue: false } });
    const text = (language: string) => pipelineSentencesText((key, params) => i18n.getFixedT(language)(key as never, params as never) as unknown as string, [why]);
    expect(text('fr')).toBe('aucun modèle nommé « signature » à inclure');
    expect(text('en')).toBe('there is no template named "signature" to include');
    expect(text('fr')).not.toMatch(/ENOENT|lookup/);
  });

  it('refuses a cycle of the unsaved text, and stops includes computed from variables', () => {
    expect(renderReplyTemplate({ name: 'a', body: "{% include 'a' %}" }, [], REPLY_SAMPLE_VARIABLES)).toMatchObject({ ok: false, error: { message: expect.stringContaining('a → a') } });
    const loop = { name: 'loop', body: '{% assign next = "loop" %}x{% include next %}' };
    const rendered = renderReplyTemplate(loop, [loop], REPLY_SAMPLE_VARIABLES);
    expect(rendered).toMatchObject({ ok: false, error: { message: expect.stringContaining('includes in one render') } });
  });

  it('keeps the time and output limits', () => {
    const slow = renderReplyTemplate({ name: 's', body: '{% for i in (1..5000) %}{% for j in (1..5000) %}{% endfor %}{% endfor %}' }, [], REPLY_SAMPLE_VARIABLES, { timeMs: 50, outputChars: 1000, programChars: 10_000 });
    expect(slow).toMatchObject({ ok: false, error: { code: 'timeLimit' } });
    const big = renderReplyTemplate({ name: 'b', body: '{% for i in (1..5000) %}0123456789{% endfor %}' }, [], REPLY_SAMPLE_VARIABLES, { timeMs: 1000, outputChars: 1000, programChars: 10_000 });
    expect(big).toMatchObject({ ok: false, error: { code: 'outputTooLarge' } });
    expect(big.output).toHaveLength(1000);
  });
});

describe('variables', () => {
  it('are built from module results: headers, final categories first, extracted data, NLU parameters', () => {
    const variables = buildReplyVariables({
      name: 'mail.eml',
      metadata: { channel: 'email' },
      modules: [
        {
          type: 'extractor',
          outcome: 'success',
          result: { documents: [{ source: 'main', headers: { From: 'a@b.c', Subject: 'Sinistre' }, blocks: [{ page: null, text: 'Bonjour' }] }] },
        },
        { type: 'nlu', outcome: 'success', result: { blocks: [{ result: { interactions: [{ id: 'claim', context: 'c', parameters: { contract: [{ value: 'HAB-1' }] } }] } }] } },
        { type: 'categorization', outcome: 'success', result: { documents: [{ categories: [{ category: 'autre' }] }] } },
        { type: 'consolidation', outcome: 'success', result: { categories: [{ category: 'sinistre' }] } },
        { type: 'extraction', outcome: 'success', result: { fields: { amount: 12 }, documents: [{ fields: { amount: 99, date: '2026-01-01' } }] } },
        { type: 'extraction', outcome: 'error', result: { fields: { ignored: true } } },
      ],
    });
    expect(replyVariablesSchema.parse(variables)).toEqual(variables);
    expect(variables).toMatchObject({
      sender: 'a@b.c',
      subject: 'Sinistre',
      body: 'Bonjour',
      category: 'sinistre',
      categories: ['sinistre'],
      extractedData: { amount: 12, date: '2026-01-01' },
      parameters: { contract: 'HAB-1' },
    });
  });

  it('take the mail from an extractor that read it but not one of its attachments', () => {
    const read = { documents: [{ source: 'main', headers: { From: 'a@b.c', Subject: 'Sinistre' }, blocks: [{ page: null, text: 'Bonjour' }] }] };
    const variables = buildReplyVariables({ name: 'mail.eml', metadata: {}, modules: [{ type: 'extractor', outcome: 'error', result: read }] });
    expect(variables).toMatchObject({ sender: 'a@b.c', subject: 'Sinistre', body: 'Bonjour' });
    // A main file that could not be read at all leaves nothing to take.
    expect(buildReplyVariables({ name: 'mail.eml', metadata: {}, modules: [{ type: 'extractor', outcome: 'error', result: null }] })).toMatchObject({ sender: null, body: '' });
  });

  it('survive results of unexpected shapes, and the sample matches the schema', () => {
    const variables = buildReplyVariables({ name: 'x', metadata: {}, modules: [{ type: 'extraction', outcome: 'success', result: { fields: 'nope', documents: 3 } }, { type: 'nlu', outcome: 'success', result: null }] });
    expect(variables).toMatchObject({ sender: null, categories: [], extractedData: {}, parameters: {} });
    expect(replyVariablesSchema.parse(REPLY_SAMPLE_VARIABLES)).toEqual(REPLY_SAMPLE_VARIABLES);
  });
});
