/**
 * What an analysis holds once its modules ran (spec §3 Analysis, §8 Webhook delivery): the process
 * trace, the delivery attempts, the extractor's documents and each module's result. Split from
 * analyses.ts, which re-exports it, so the endpoints and the stored shapes read apart.
 */
import { z } from 'zod';
import { moduleTypeSchema } from './environments';
import { localizedTextSchema, messageParamsSchema } from './pipeline-messages';
import { ocrBoxPageSchema } from './ocr-word-boxes';
/** One line of the process trace: each step of each run, in order. */
export const TRACE_OUTCOMES = ['success', 'error', 'skipped', 'aborted'] as const;
export const traceEntrySchema = z.object({
  /** 1 for the first run, +1 for each reanalysis. */
  run: z.number().int().positive(),
  step: z.number().int().nonnegative(),
  /** A module type, or a pipeline step: `queue`, `webhooks`, `finalStatus`, `abort` (who aborted). */
  module: z.string(),
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
  outcome: z.enum(TRACE_OUTCOMES),
  message: z.string().nullable(),
  /**
   * The message's sentences as stable keys (namespace `pipelineMessages`) + parameters, and
   * the first one's key and parameters; `message` is their text in the caller's language. Absent
   * or null for a message stored before keys existed (its `message` is the stored text).
   */
  messageKey: z.string().nullable().optional(),
  messageParams: messageParamsSchema.nullable().optional(),
  messageParts: z.array(localizedTextSchema).nullable().optional(),
});
export type TraceEntry = z.infer<typeof traceEntrySchema>;

/** One webhook delivery attempt (§3 "delivery attempts", §8 Webhook delivery). */
export const deliveryAttemptSchema = z.object({
  id: z.string(),
  webhookId: z.string().nullable(),
  url: z.string(),
  type: z.enum(['analysis', 'consolidation', 'error']),
  attempt: z.number().int().positive(),
  /** scheduled: waiting for its time (retries back off); then delivered or failed. */
  outcome: z.enum(['scheduled', 'delivered', 'failed']),
  scheduledAt: z.string(),
  payload: z.unknown(),
  httpStatus: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  errorAt: z.string().nullable(),
  /** §8: 'destination replied with HTTP status code {statusCode}' or the internal error, in the caller's language. */
  error: z.string().nullable(),
  /** The same as stable keys + parameters; absent for an error stored as a sentence. */
  errorParts: z.array(localizedTextSchema).nullable().optional(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/** A block of extracted text (§9: at most `splitPerCharacters` characters, 4000 by default). */
export const textBlockSchema = z.object({
  /** 1-based page for paginated documents when splitting per page; null otherwise. */
  page: z.number().int().positive().nullable(),
  text: z.string(),
});

/** What the extractor made of one file or one mail part. */
export const extractedDocumentSchema = z.object({
  /** The analysis file it comes from (null for a simulated mail's body). */
  fileId: z.string().nullable(),
  /** Names from the uploaded file down to this one, for attachments nested in mails. */
  path: z.array(z.string()),
  name: z.string(),
  source: z.enum(['main', 'attachment', 'body']),
  contentType: z.string(),
  /** Mail headers kept by the `headers` setting (name → value), null for documents. */
  headers: z.record(z.string(), z.string()).nullable(),
  /** Mail HTML body when `extractHtml` is on. */
  html: z.string().nullable(),
  pageCount: z.number().int().nonnegative().nullable(),
  blocks: z.array(textBlockSchema),
  /** Why nothing or only part was extracted (ignored extension, max pages, OCR not run...). */
  notes: z.array(z.string()),
});
export type ExtractedDocument = z.infer<typeof extractedDocumentSchema>;

export const extractorResultSchema = z.object({
  documents: z.array(extractedDocumentSchema),
  /** The OCR words the results' evidence points at, with their boxes (ocr-word-boxes.ts), added at the run's end; absent before. */
  ocrBoxes: z.array(ocrBoxPageSchema).optional(),
});
export type ExtractorResult = z.infer<typeof extractorResultSchema>;

/** The result of one module of the environment's pipeline, in pipeline order. */
export const moduleResultSchema = z.object({
  moduleId: z.string(),
  type: moduleTypeSchema,
  name: z.string(),
  outcome: z.enum(TRACE_OUTCOMES),
  message: z.string().nullable(),
  /**
   * The message's sentences as stable keys (namespace `pipelineMessages`) + parameters, and
   * the first one's key and parameters; `message` is their text in the caller's language. Absent
   * or null for a message stored before keys existed (its `message` is the stored text).
   */
  messageKey: z.string().nullable().optional(),
  messageParams: messageParamsSchema.nullable().optional(),
  messageParts: z.array(localizedTextSchema).nullable().optional(),
  /** extractor: an ExtractorResult; output: the payload sent to webhooks; others: null until built. */
  result: z.unknown(),
});
export type ModuleResult = z.infer<typeof moduleResultSchema>;
