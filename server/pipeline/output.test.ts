/** The output module's payload, option by option (§3 Output module options). */
import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../../src/contract/analyses';
import type { EnvironmentModule } from '../../src/contract/environments';
import { buildOutput, type OutputInput } from './output';
import { pipelineMessage } from '../../src/contract/pipeline-messages';
import { pipelineMessageText } from '../../src/i18n/pipeline-message-text';
import { translatorFor } from '../i18n/error-messages';

const mail: ExtractedDocument = {
  fileId: 'f1',
  path: ['claim.eml'],
  name: 'claim.eml',
  source: 'main',
  contentType: 'message/rfc822',
  headers: { Subject: 'Sinistre 2026-0042', From: 'client@example.com' },
  html: '<p>Bonjour</p>',
  pageCount: null,
  blocks: [{ page: null, text: 'Bonjour' }],
  notes: [],
};

const modules: EnvironmentModule[] = [
  { id: 'x', type: 'extractor', name: 'Extracteur', inputType: null, context: null, active: true, requiredTaints: [], config: {} },
  { id: 'c', type: 'categorization', name: 'Catégories', inputType: null, context: null, active: true, requiredTaints: [], config: {} },
  { id: 'r', type: 'replyTemplate', name: 'Réponse', inputType: null, context: null, active: false, requiredTaints: [], config: {} },
  { id: 'o', type: 'output', name: 'Sortie', inputType: null, context: null, active: true, requiredTaints: [], config: {} },
];

function input(config: Record<string, unknown>): OutputInput {
  return {
    analysis: { id: 'a1', name: 'claim.eml', inputType: 'email', metadata: { ticket: 'T-9' }, createdAt: new Date('2026-11-21T08:00:00Z'), run: 1 },
    extraction: {
      result: { documents: [mail] },
      attachments: [{ fileName: 'photo.png', contentType: 'image/png', path: ['claim.eml', 'photo.png'], bytes: new Uint8Array([137, 80, 78, 71]) }],
      mainFileError: null,
      summary: '',
    },
    uploadedAttachments: [],
    modules,
    config,
  };
}

describe('output payload', () => {
  it('holds by default the documents, the mail header and the metadata, and says why module outputs are missing', () => {
    const { payload } = buildOutput(input({}));
    expect(payload).toMatchObject({
      analysis: { id: 'a1', name: 'claim.eml', inputType: 'email', createdAt: '2026-11-21T08:00:00.000Z', run: 1 },
      metadata: { ticket: 'T-9' },
      emailHeader: { Subject: 'Sinistre 2026-0042' },
      documents: [{ name: 'claim.eml', blocks: [{ page: null, text: 'Bonjour' }] }],
      categories: null,
      extractedData: null,
      nlu: null,
      replyProposal: null,
      visionEngine: null,
      unavailable: {
        categories: 'The categorization module "Catégories" gave no result before the output module (placed after it, or with nothing to work on).',
        extractedData: "No information extraction module in this environment's pipeline.",
        nlu: "No NLU module in this environment's pipeline.",
        replyProposal: 'The reply template module "Réponse" is deactivated.',
        visionEngine: "No vision engine module in this environment's pipeline.",
      },
    });
    expect(payload).not.toHaveProperty('attachments');
    expect((payload.documents as object[])[0]).not.toHaveProperty('html');
  });

  it('adds HTML bodies and attachment data (file name and base64) when asked', () => {
    const { payload } = buildOutput(input({ htmlBodies: true, attachmentData: true }));
    expect((payload.documents as { html: string }[])[0]!.html).toBe('<p>Bonjour</p>');
    expect(payload.attachments).toEqual([{ fileName: 'photo.png', contentType: 'image/png', path: ['claim.eml', 'photo.png'], base64: 'iVBORw==' }]);
  });

  it('leaves out what is switched off', () => {
    const { payload } = buildOutput(
      input({ emailHeader: false, metadata: false, categoriesEnabled: false, extractedData: false, nluOutput: false, replyProposal: false, visionEngineOutput: false }),
    );
    expect(Object.keys(payload).sort()).toEqual(['analysis', 'documents', 'unavailable']);
    expect(payload.unavailable).toEqual({});
  });

  it('puts the categories of the run, less the categories to skip (any case), and lists what was skipped', () => {
    const decision = (category: string) => ({ category, categoryId: null, target: 'body' as const, explanation: { kind: 'default' as const } });
    const categorization = {
      documents: [{ document: 0, documentName: 'claim.eml', source: 'main' as const, page: null, categories: [decision('Sinistre'), decision('Urgent')], taints: ['vip'] }],
      taints: [],
      advancedErrors: [],
      documentsNotCategorized: 0,
    };
    const results = [{ moduleId: 'c', type: 'categorization' as const, name: 'Catégories', outcome: 'success' as const, message: null, result: categorization }];
    const { payload, reasons } = buildOutput({ ...input({ categoriesToSkip: ['urgent'] }), results });
    expect(payload.categories).toMatchObject({
      documents: [{ documentName: 'claim.eml', moduleId: 'c', module: 'Catégories', categories: [{ category: 'Sinistre' }] }],
      final: null,
      taints: ['vip'],
      skipped: ['Urgent'],
    });
    expect(reasons.map((reason) => reason.field)).not.toContain('categories');
  });

  it("copies a successful module's result (NLU output) and says by code why the others gave nothing", () => {
    const nlu = { blocks: [{ document: 0, documentName: 'claim.eml', page: null, result: { interactions: [] } }] };
    const withNlu: EnvironmentModule[] = [...modules.slice(0, 1), { ...modules[0]!, id: 'n', type: 'nlu', name: 'NLU' }, ...modules.slice(1)];
    const results = [
      { moduleId: 'n', type: 'nlu' as const, name: 'NLU', outcome: 'success' as const, message: null, result: nlu },
      { moduleId: 'c', type: 'categorization' as const, name: 'Catégories', outcome: 'error' as const, message: 'Time budget ran out', result: null },
    ];
    const { payload, reasons } = buildOutput({ ...input({}), modules: withNlu, results });
    expect(payload.nlu).toEqual(nlu);
    expect(payload.unavailable).toMatchObject({ categories: 'The categorization module "Catégories" produced nothing: Time budget ran out' });
    expect(reasons).toEqual([
      { field: 'categories', code: 'moduleFailed', params: { module: 'categorization', name: 'Catégories', message: 'Time budget ran out' } },
      { field: 'extractedData', code: 'moduleMissing', params: { module: 'extraction' } },
      { field: 'replyProposal', code: 'moduleInactive', params: { module: 'replyTemplate', name: 'Réponse' } },
      { field: 'visionEngine', code: 'moduleMissing', params: { module: 'visionEngine' } },
    ]);
  });

  it('carries the extracted data in its published shape: values and errors, without the evidence spans', () => {
    const span = { document: 0, block: 0, start: 0, end: 7 };
    const withExtraction: EnvironmentModule[] = [...modules, { ...modules[0]!, id: 'e', type: 'extraction', name: 'Extraction' }];
    const extraction = (result: unknown) => [{ moduleId: 'e', type: 'extraction' as const, name: 'Extraction', outcome: 'success' as const, message: null, result }];
    const once = buildOutput({ ...input({}), modules: withExtraction, results: extraction({ scope: 'analysis', fields: { greeting: 'Bonjour' }, errors: [], evidence: { greeting: [span] }, documents: [] }) });
    expect(once.payload.extractedData).toEqual({ scope: 'analysis', fields: { greeting: 'Bonjour' }, errors: [], documents: [] });
    const document = { document: 0, documentName: 'claim.eml', source: 'main', fields: { greeting: 'Bonjour' }, errors: [] };
    const perDocument = buildOutput({
      ...input({}),
      modules: withExtraction,
      results: extraction({ scope: 'documents', fields: null, errors: [], evidence: {}, documents: [{ ...document, evidence: { greeting: [span] } }] }),
    });
    expect(perDocument.payload.extractedData).toEqual({ scope: 'documents', fields: null, errors: [], documents: [document] });
  });

  it('gives a failed module\'s stored sentences beside their French text, for the console to translate', () => {
    const stored = pipelineMessage('module.failed', { name: 'Catégories', reason: { key: 'reason.timeout' } });
    const results = [{ moduleId: 'c', type: 'categorization' as const, name: 'Catégories', outcome: 'error' as const, message: stored, result: null }];
    const { reasons } = buildOutput({ ...input({}), results });
    const failed = reasons.find((reason) => reason.field === 'categories');
    expect(failed?.code).toBe('moduleFailed');
    expect(failed?.params.messageParts).toEqual([{ key: 'module.failed', params: { name: 'Catégories', reason: { key: 'reason.timeout' } } }]);
    // Programs read `unavailable` in English: the reason too, not the default language's.
    const { payload } = buildOutput({ ...input({}), results });
    const unavailable = payload.unavailable as Record<string, string>;
    expect(unavailable.categories).toMatch(/^The categorization module "Catégories" produced nothing: .*time/i);
    expect(unavailable.categories).not.toMatch(/délai|temps/);
    expect(failed?.params.message).toContain('a échoué');
  });

  it('gives no email header for a document, nor when the headers setting is off, and says which', () => {
    const pdf = { ...mail, name: 'letter.pdf', path: ['letter.pdf'], contentType: 'application/pdf', headers: null, html: null };
    const document = buildOutput({ ...input({}), extraction: { ...input({}).extraction!, result: { documents: [pdf] } } });
    expect(document.payload.emailHeader).toBeNull();
    expect(document.reasons).toContainEqual({ field: 'emailHeader', code: 'notAMail', params: {} });
    const headersOff = buildOutput({ ...input({}), extraction: { ...input({}).extraction!, result: { documents: [{ ...mail, headers: null }] } } });
    expect(headersOff.reasons).toContainEqual({ field: 'emailHeader', code: 'headersOff', params: {} });
  });

  it('gives the uploaded attachments when the extractor did not run, and says there are no documents', () => {
    const uploaded = [{ fileName: 'devis.pdf', contentType: 'application/pdf', path: ['devis.pdf'], bytes: new Uint8Array([37, 80, 68, 70]) }];
    const { payload, reasons } = buildOutput({ ...input({ attachmentData: true }), extraction: null, uploadedAttachments: uploaded });
    expect(payload.attachments).toEqual([{ fileName: 'devis.pdf', contentType: 'application/pdf', path: ['devis.pdf'], base64: 'JVBERg==' }]);
    expect(payload.documents).toEqual([]);
    expect(reasons).toContainEqual({ field: 'documents', code: 'extractorNotRun', params: {} });
  });

  it('says in its message why each field is empty, by code, in the reader\'s language with no English inside French', () => {
    const { summary } = buildOutput(input({}));
    const fr = pipelineMessageText(translatorFor('fr'), summary) ?? '';
    const en = pipelineMessageText(translatorFor('en'), summary) ?? '';
    expect(fr).toContain("Proposition de réponse : le module Modèle de réponse « Réponse » est désactivé.");
    expect(fr).toContain('Résultat du moteur de vision : aucun module « Moteur de vision » dans le pipeline de cet environnement.');
    expect(fr).not.toMatch(/The |No .* module|produced nothing|\$t\(/);
    expect(en).toContain('Reply proposal: the Reply template module "Réponse" is deactivated.');
    expect(en).toContain('Vision engine output: no "Vision engine" module in this environment\'s pipeline.');
  });
});
