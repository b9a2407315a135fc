/**
 * The output module (§3 Output module options): builds the payload handed to webhooks and to programs
 * reading an analysis, from every option of `outputOptionsSchema`. A module's field holds what it
 * produced (NLU: its per-block results; categories: every categorization module's per-document
 * categories with their explanations and consolidation's final ones, less "categories to skip");
 * extracted data, reply proposal and vision engine output: those modules' results). A module that
 * is missing, deactivated or did not succeed gives nothing: its field is null and `unavailable` says
 * why, never invented data.
 */
import type { ExtractedDocument, ModuleResult } from '../../src/contract/analyses';
import { outputOptionsSchema, type EnvironmentModule, type ModuleType, type OutputOptions } from '../../src/contract/environments';
import type { CategorizationResult } from '../../src/contract/modules/categorization';
import type { ConsolidationResult } from '../../src/contract/modules/consolidation';
import type { ExtractionResult } from '../../src/contract/modules/extraction';
import type { OutputUnavailable } from '../../src/contract/output';
import { outputCategories } from '../../src/categorization/output';
import type { ClaimedAnalysis } from './claim';
import type { AttachmentBytes, ExtractionOutcome } from '../../src/extractor/extract-context';
import { pipelineMessageText } from '../../src/i18n/pipeline-message-text';
import { translatorFor } from '../i18n/error-messages';
import { decodePipelineMessage, encodePipelineMessage, pipelineMessage, sentence } from '../../src/contract/pipeline-messages';

export interface OutputInput {
  analysis: Pick<ClaimedAnalysis, 'id' | 'name' | 'inputType' | 'metadata' | 'createdAt' | 'run'>;
  /** Null when the extractor did not run (deactivated, or not in the pipeline). */
  extraction: ExtractionOutcome | null;
  /** The uploaded attachment files, for `attachmentData` when the extractor did not run. */
  uploadedAttachments: AttachmentBytes[];
  /** The environment's pipeline, to say why a module's output is missing. */
  modules: readonly EnvironmentModule[];
  /** What the modules before the output module produced in this run. */
  results?: readonly ModuleResult[];
  /** The output module's `config`. */
  config: Record<string, unknown>;
}

/** Option → the module that would fill it, and the payload field it fills. */
const FROM_MODULES: { option: keyof OutputOptions; field: string; module: ModuleType; label: string }[] = [
  { option: 'extractedData', field: 'extractedData', module: 'extraction', label: 'information extraction' },
  { option: 'nluOutput', field: 'nlu', module: 'nlu', label: 'NLU' },
  { option: 'replyProposal', field: 'replyProposal', module: 'replyTemplate', label: 'reply template' },
  { option: 'visionEngineOutput', field: 'visionEngine', module: 'visionEngine', label: 'vision engine' },
];

/** Why a module's field is empty: the English text of the payload and the code the console translates. */
function whyMissing(modules: readonly EnvironmentModule[], type: ModuleType, label: string, ran: ModuleResult | undefined): { text: string; code: OutputUnavailable['code']; params: OutputUnavailable['params'] } {
  const module = modules.find((candidate) => candidate.type === type);
  if (module === undefined) return { text: `No ${label} module in this environment's pipeline.`, code: 'moduleMissing', params: { module: type } };
  const params = { module: type, name: module.name };
  if (!module.active) return { text: `The ${label} module "${module.name}" is deactivated.`, code: 'moduleInactive', params };
  if (ran !== undefined && ran.outcome !== 'success') {
    // The payload is read by programs: the stored keys rendered in the default language (French, §1).
    const message = pipelineMessageText(translatorFor('fr'), ran.message) ?? ran.outcome;
    // The console translates the sentences themselves (an English reader gets no French reason).
    const parts = ran.message === null ? null : decodePipelineMessage(ran.message);
    // The payload's `text` is English throughout, its reason included.
    const english = pipelineMessageText(translatorFor('en'), ran.message) ?? ran.outcome;
    return { text: `The ${label} module "${module.name}" produced nothing: ${english}`, code: 'moduleFailed', params: { ...params, message, ...(parts ? { messageParts: parts } : {}) } };
  }
  return { text: `The ${label} module "${module.name}" gave no result before the output module (placed after it, or with nothing to work on).`, code: 'moduleNoResult', params };
}

/**
 * A module's result as the payload carries it. `extractedData` is a published format integrators'
 * programs read: it keeps its shape (values and errors, per analysis or per document), without the
 * evidence spans the console highlights the values with.
 */
function resultView(module: ModuleType, result: unknown): unknown {
  if (module !== 'extraction') return result;
  const { evidence: _evidence, documents, ...rest } = result as ExtractionResult;
  return { ...rest, documents: (documents ?? []).map(({ evidence: _documentEvidence, ...document }) => document) };
}

function documentView(doc: ExtractedDocument, options: OutputOptions) {
  return {
    name: doc.name,
    path: doc.path,
    source: doc.source,
    contentType: doc.contentType,
    pageCount: doc.pageCount,
    blocks: doc.blocks,
    // Stored as keys: programs read them in the default language, French.
    notes: doc.notes.map((note) => pipelineMessageText(translatorFor('fr'), note) ?? note),
    ...(options.htmlBodies ? { html: doc.html } : {}),
  };
}

export interface BuiltOutput {
  payload: Record<string, unknown>;
  summary: string;
  /** The payload's `unavailable`, by code (the console's preview translates them). */
  reasons: OutputUnavailable[];
}

export function buildOutput(input: OutputInput): BuiltOutput {
  const options = outputOptionsSchema.parse(input.config ?? {});
  const { analysis, extraction } = input;
  const unavailable: Record<string, string> = {};
  const reasons: OutputUnavailable[] = [];
  const missing = (field: string, text: string, code: OutputUnavailable['code'], params: OutputUnavailable['params'] = {}) => {
    unavailable[field] = text;
    reasons.push({ field, code, params });
  };
  const payload: Record<string, unknown> = {
    analysis: {
      id: analysis.id,
      name: analysis.name,
      inputType: analysis.inputType,
      createdAt: analysis.createdAt.toISOString(),
      run: analysis.run,
    },
  };
  if (options.metadata) payload.metadata = analysis.metadata;

  const documents = extraction?.result.documents ?? [];
  if (extraction === null) missing('documents', 'The extractor did not run: no text was extracted.', 'extractorNotRun');
  payload.documents = documents.map((doc) => documentView(doc, options));

  if (options.emailHeader) {
    const main = documents.find((doc) => doc.source === 'main');
    const isMail = main !== undefined && (main.contentType === 'message/rfc822' || main.contentType === 'application/vnd.ms-outlook');
    payload.emailHeader = isMail ? main.headers : null;
    if (!isMail) missing('emailHeader', 'The main file is not a mail.', 'notAMail');
    else if (main.headers === null) missing('emailHeader', "The extractor's headers setting is off.", 'headersOff');
  }

  if (options.attachmentData) {
    const attachments = extraction?.attachments ?? input.uploadedAttachments;
    payload.attachments = attachments.map((attachment) => ({
      fileName: attachment.fileName,
      contentType: attachment.contentType,
      path: attachment.path,
      base64: Buffer.from(attachment.bytes.buffer, attachment.bytes.byteOffset, attachment.bytes.byteLength).toString('base64'),
    }));
  }

  if (options.categoriesEnabled) {
    const ran = (input.results ?? []).filter((result) => result.type === 'categorization');
    const categorized = ran.filter((result) => result.outcome === 'success' && result.result !== null && result.result !== undefined);
    if (categorized.length > 0) {
      const consolidation = input.results?.find((result) => result.type === 'consolidation' && result.outcome === 'success')?.result ?? null;
      payload.categories = outputCategories(
        categorized.map((result) => ({ moduleId: result.moduleId, module: result.name, result: result.result as CategorizationResult })),
        consolidation as ConsolidationResult | null,
        options.categoriesToSkip,
      );
    } else {
      payload.categories = null;
      const why = whyMissing(input.modules, 'categorization', 'categorization', ran[0]);
      missing('categories', why.text, why.code, why.params);
    }
  }

  for (const { option, field, module, label } of FROM_MODULES) {
    if (!options[option]) continue;
    const ran = input.results?.find((result) => result.type === module);
    if (ran?.outcome === 'success' && ran.result !== null && ran.result !== undefined) {
      payload[field] = resultView(module, ran.result);
      continue;
    }
    payload[field] = null;
    const why = whyMissing(input.modules, module, label, ran);
    missing(field, why.text, why.code, why.params);
  }
  payload.unavailable = unavailable;

  const included = Object.keys(payload).filter((key) => key !== 'unavailable' && payload[key] !== null);
  // The trace line, stored as keys.
  const nothingFor = Object.keys(unavailable);
  // Then why each field is empty, by code: the console shows these in the reader's language, never the payload's English `unavailable`.
  const summary =
    nothingFor.length > 0
      ? encodePipelineMessage(
          sentence('output.summaryWithout', { included: included.join(', '), unavailable: nothingFor.join(', ') }),
          ...reasons.map(({ field, code, params }) =>
            sentence(`output.reason.${code}`, { field, ...(params.module ? { module: params.module } : {}), ...(params.name ? { name: params.name } : {}) }),
          ),
        )
      : pipelineMessage('output.summary', { included: included.join(', ') });
  return { payload, reasons, summary };
}
