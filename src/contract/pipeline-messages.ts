/**
 * Messages stored with an analysis: module outcomes and process trace rows are kept as
 * stable keys + parameters, never as an English sentence, so the console shows them in the user's
 * language and API answers in the caller's. A message is a list of sentences (a module's notes then
 * its summary); it travels in the existing text columns as JSON (`encodePipelineMessage`). A stored
 * plain string (rows written before this change) is legacy and shown as is.
 */
import { z } from 'zod';
import { FAILURE_REASON_KEYS, nestedTextSchema, type NestedText } from './failure-reasons';

// Declared with the failure reasons they carry; named here too, where most readers look for them.
export { nestedTextSchema, type NestedText };

/** Every key the server may store; `src/i18n/resources/{fr,en}/pipelineMessages.json` hold their text. */
export const PIPELINE_MESSAGE_KEYS = [
  // A text from elsewhere (a library's error) kept inside a joined message
  'raw',
  // Module loop (run-modules.ts)
  'module.notRunEarlierFailed',
  'module.deactivated',
  'module.taintsRequired',
  'module.taintsRequiredNone',
  'module.extractorDidNotRun',
  'module.configurationInvalid',
  'module.failed',
  'module.notActiveInSettings',
  'module.noLlm',
  'module.timedOut',
  'module.outOfMemory',
  // Extractor step
  'extractor.deactivated',
  'extractor.filesRemoved',
  'extractor.mainFileUnreadable',
  'extractor.summary',
  'extractor.fromCache',
  'extractor.withoutText',
  'extractor.ocrRead',
  'extractor.ocrFailed',
  'extractor.unread',
  'extractor.partialFailure',
  'extractor.textCapped',
  'extractor.textCappedAnalysis',
  // NLU step
  'nlu.noServerWithContext',
  'nlu.noServerForContext',
  'nlu.serverStarted',
  'nlu.serverNotReady',
  'nlu.waited',
  'nlu.noUsableConfiguration',
  'nlu.configurationErrors',
  'nlu.timeBudget',
  'nlu.summary',
  'nlu.summaryWithContext',
  'nlu.noCompleteInteraction',
  'nlu.completeInteractions',
  // Process trace (run.ts)
  'trace.claimed',
  'trace.claimedAgainLease',
  'trace.claimedAgainReleased',
  'trace.abortedDuring',
  'trace.abortedAtEnd',
  'trace.awaitingFinalStatus',
  'trace.deliveriesScheduled',
  'trace.noWebhook',
  'trace.tooManyClaims',
  // Actions on an analysis (server/analyses/actions.ts)
  'trace.abortedBy',
  'trace.finalStatusSet',
  'trace.finalStatusSetWithError',
  'trace.finalStatusErrorDefault',
  // Notes on an extracted document (src/extractor/document-notes.ts)
  'document.unreadable',
  'document.reason.notPdf',
  'document.reason.notHtml',
  'document.threadLeftOut',
  'document.noBodyText',
  'document.attachmentsNotExtracted',
  'document.ignoredExtension',
  'document.tooDeep',
  'document.maxPages',
  'document.maxSlides',
  'document.noTextLayer',
  'document.pagesWithoutTextLayer',
  'document.pagesNotOcr',
  'document.pageOcr',
  'document.pageOcrFailed',
  'document.imageTooSmall',
  'document.ocrOffImages',
  'document.ocrOffJpg',
  'document.ocrOffPng',
  'document.pictureOcr',
  'document.pictureOcrFailed',
  'document.embeddedNotOcr',
  'document.reason.notFormat',
  'document.transcriptOff',
  'document.noTranscriptionService',
  'document.transcribed',
  'document.noTranscript',
  'document.pagesNotReadHere',
  'document.pictureNotReadHere',
  'document.notTranscribedHere',
  'document.noParser',
  'document.legacyPowerPoint',
  'document.embeddedOcrOff',
  'document.hiddenSheets',
  'document.sheetTooLarge',
  'document.remotePictures',
  'document.noParserUnknown',
  // Extractor step, continued
  'extractor.mainFileNotRead',
  // Webhook and output deliveries (server/webhooks/deliver.ts, server/pipeline/deliveries.ts)
  'delivery.statusCode',
  'delivery.prevented',
  'delivery.webhookDeleted',
  'delivery.webhookDeactivated',
  'delivery.authorizationUndecryptable',
  // OCR data extraction module
  'ocrDataExtraction.summary',
  'ocrDataExtraction.nothingRead',
  'ocrDataExtraction.configurationInvalid',
  'ocrDataExtraction.rulesInvalid',
  'ocrDataExtraction.ocrFailed',
  'ocrDataExtraction.notRead',
  'ocrDataExtraction.firstPagesOnly',
  // Reply template module
  'replyTemplate.noTemplateNoCategory',
  'replyTemplate.noTemplateForCategories',
  'replyTemplate.failed',
  'replyTemplate.failedAtLine',
  'replyTemplate.draftedForCategory',
  'replyTemplate.draftedDefault',
  'replyTemplate.llmWrote',
  // Output module
  'output.summary',
  'output.summaryWithout',
  // Consolidation module
  'consolidation.workflowCreated',
  'consolidation.noCategorization',
  'consolidation.noFinalCategory',
  'consolidation.finalCategories',
  // Output module: why a payload field is empty (the codes of src/contract/output.ts)
  'output.reason.extractorNotRun',
  'output.reason.notAMail',
  'output.reason.headersOff',
  'output.reason.moduleMissing',
  'output.reason.moduleInactive',
  'output.reason.moduleFailed',
  'output.reason.moduleNoResult',
  // Categorization module
  'categorization.configured',
  'categorization.noDocument',
  'categorization.document',
  'categorization.documentWithout',
  'categorization.noNlu',
  'categorization.advancedFailed',
  'categorization.budgetOut',
  'categorization.taints',
  // One category of a document and why (a list given to `categorization.document`'s {{categories}})
  'categorization.byRule',
  'categorization.byDefault',
  'categorization.byAdvanced',
  // Information extraction module
  'extraction.configured',
  'extraction.noDocument',
  'extraction.analysis',
  'extraction.analysisNothing',
  'extraction.document',
  'extraction.documentNothing',
  'extraction.fieldErrors',
  'extraction.fieldErrorsHead',
  'extraction.fieldError',
  'extraction.fieldErrorsMore',
  // Vision engine module
  'visionEngine.noAnswer',
  'visionEngine.answerRefused',
  'visionEngine.failed',
  'visionEngine.fieldsFound',
  'visionEngine.categories',
  'visionEngine.noCategory',
  'visionEngine.pagesLeftOut',
  'visionEngine.contentGone',
  'visionEngine.pageNotRendered',
  'visionEngine.attempts',
  // The extractor's failed parts (the analysis's partial failure lists them)
  'extractor.partialFailureHead',
  'extractor.failure.ocrPage',
  'extractor.failure.ocr',
  'extractor.failure.transcript',
  'extractor.failure.unreadable',
  // Why something failed (src/contract/failure-reasons.ts): a sentence of its own or a `reason` parameter
  ...FAILURE_REASON_KEYS,
] as const;
export type PipelineMessageKey = (typeof PIPELINE_MESSAGE_KEYS)[number];

/**
 * A sentence's parameters: plain values, a nested sentence, or a list of nested sentences (each
 * translated, then joined: the categories of a document with why each was given).
 */
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), nestedTextSchema, z.array(nestedTextSchema).max(200)]));
export type MessageParams = z.infer<typeof messageParamsSchema>;

/** One sentence: a key of the `pipelineMessages` namespace and its interpolation values. */
export const localizedTextSchema = z.object({
  key: z.string(),
  params: messageParamsSchema.optional(),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;
export const pipelineMessageSchema = z.array(localizedTextSchema).min(1);
export type PipelineMessage = LocalizedText[];

/** One sentence, with its key checked against the list at compile time. */
export function sentence(key: PipelineMessageKey, params?: MessageParams): LocalizedText {
  return params === undefined ? { key } : { key, params };
}

/** The stored form (a text column, or a string field of a JSON column). */
export function encodePipelineMessage(...sentences: LocalizedText[]): string {
  return JSON.stringify(sentences);
}

/** Shortcut: one sentence, encoded. */
export function pipelineMessage(key: PipelineMessageKey, params?: MessageParams): string {
  return encodePipelineMessage(sentence(key, params));
}

/** The sentences of a stored message; null for a legacy plain string (shown as is). */
export function decodePipelineMessage(stored: string): PipelineMessage | null {
  if (!stored.startsWith('[{')) return null;
  try {
    const parsed = pipelineMessageSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Several stored messages as one (notes then summary): legacy strings are kept as a `raw` sentence. */
export function joinPipelineMessages(...stored: string[]): string {
  return encodePipelineMessage(...stored.flatMap((part) => decodePipelineMessage(part) ?? [sentence('raw', { text: part })]));
}
