/** Database rows of analyses as the contract shapes them (dates as ISO strings, no file contents). */
import type {
  AnalysisDetail,
  AnalysisFile,
  AnalysisStatusReport,
  AnalysisSummary,
  DeliveryAttempt,
  TraceEntry,
} from '../../src/contract/analyses';
import type { analysisFiles, analysisTrace, webhookDeliveries } from '../db/schema';
import type { ModuleType } from '../../src/contract/environment-modules';
import type { AnalysisRow } from './create';
import { decodePipelineMessage, type LocalizedText, type MessageParams } from '../../src/contract/pipeline-messages';
import { pipelineMessageText } from '../../src/i18n/pipeline-message-text';
import { emptyResultsSummary } from '../../src/contract/results-summary';

/** Translates a key with parameters in the caller's language (server/i18n/error-messages.ts `translatorFor`). */
export type Translate = (key: string, params: Record<string, unknown>) => string;

/**
 * A stored message as an API answer gives it: `message` in the caller's language, and the
 * stable keys for programs. A legacy plain string stays the message, without keys.
 */
export function localizedMessage(translate: Translate, stored: string | null): {
  message: string | null;
  messageKey: string | null;
  messageParams: MessageParams | null;
  messageParts: LocalizedText[] | null;
} {
  const parts = stored === null ? null : decodePipelineMessage(stored);
  return {
    message: pipelineMessageText(translate, stored),
    messageKey: parts?.[0]?.key ?? null,
    messageParams: parts?.[0]?.params ?? null,
    messageParts: parts,
  };
}

function localizedError(translate: Translate, stored: string | null): { error: string | null; errorParts: LocalizedText[] | null } {
  return { error: pipelineMessageText(translate, stored), errorParts: stored === null ? null : decodePipelineMessage(stored) };
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** The columns a summary needs: the list selects only these (no modules, no search text). */
export type SummaryRow = Pick<
  AnalysisRow,
  | 'id'
  | 'name'
  | 'status'
  | 'inputType'
  | 'createdAt'
  | 'startedAt'
  | 'finishedAt'
  | 'anonymizedAt'
  | 'metadata'
  | 'manualFinalStatus'
  | 'awaitingFinalStatus'
  | 'fileCount'
  | 'sizeBytes'
  | 'resultsSummary'
>;

export function summaryOf(row: SummaryRow): AnalysisSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    inputType: row.inputType,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    anonymizedAt: iso(row.anonymizedAt),
    metadata: row.metadata,
    manualFinalStatus: row.manualFinalStatus,
    awaitingFinalStatus: row.awaitingFinalStatus,
    fileCount: row.fileCount,
    sizeBytes: row.sizeBytes,
    // The stored summary as is: none (a run not ended, or ended before summaries were kept) reads
    // empty, and so does an anonymized analysis whatever its row still holds.
    ...(row.resultsSummary !== null && row.anonymizedAt === null ? row.resultsSummary : emptyResultsSummary()),
  };
}

export type FileRow = Omit<typeof analysisFiles.$inferSelect, 'content' | 'analysisId' | 'position'>;

export function fileOf(row: FileRow): AnalysisFile {
  return { id: row.id, role: row.role, name: row.name, contentType: row.contentType, size: row.size, sha256: row.sha256 };
}

export function traceEntryOf(row: typeof analysisTrace.$inferSelect, translate: Translate): TraceEntry {
  return {
    run: row.run,
    step: row.step,
    module: row.module,
    startedAt: row.startedAt.toISOString(),
    durationMs: row.durationMs,
    outcome: row.outcome,
    ...localizedMessage(translate, row.message),
  };
}

/** An attempt as answered: its error in the caller's language, with its keys. */
export function deliveryOf(row: typeof webhookDeliveries.$inferSelect, translate: Translate): DeliveryAttempt {
  return {
    id: row.id,
    webhookId: row.webhookId,
    url: row.url,
    type: row.type,
    attempt: row.attempt,
    outcome: row.outcome,
    scheduledAt: row.scheduledAt.toISOString(),
    payload: row.payload ?? null,
    httpStatus: row.httpStatus,
    deliveredAt: iso(row.deliveredAt),
    errorAt: iso(row.errorAt),
    ...localizedError(translate, row.error),
  };
}

/** What the detail reads of the analysis row (detail.ts selects these, the results as JSON bytes). */
export type DetailRow = SummaryRow & Pick<AnalysisRow, 'modules' | 'error' | 'exchangeLabels' | 'cpuMs'>;
export type TraceRow = typeof analysisTrace.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function detailOf(
  row: DetailRow,
  files: readonly FileRow[],
  trace: readonly TraceRow[],
  deliveries: readonly DeliveryRow[],
  translate: Translate,
): AnalysisDetail {
  return {
    ...summaryOf(row),
    files: files.map(fileOf),
    modules: row.modules.map((module) => ({ ...module, ...localizedMessage(translate, module.message) })),
    trace: trace.map((entry) => traceEntryOf(entry, translate)),
    deliveries: deliveries.map((row) => deliveryOf(row, translate)),
    ...localizedError(translate, row.error),
    exchangeLabels: row.exchangeLabels ?? null,
    cpuMs: row.cpuMs,
  };
}

/** The modules whose results the self-service result page shows: categories, extracted data, reply drafts. */
const LIGHT_MODULE_TYPES: ReadonlySet<ModuleType> = new Set(['categorization', 'consolidation', 'extraction', 'replyTemplate']);

/**
 * The detail a light user reads ("no trace, no module internals"): the same answer without the
 * trace, the webhook deliveries or the other modules' results (the extractor's text, NLU matches,
 * vision, the output payload). Full-console readers of the same use case get it whole.
 */
export function lightDetailOf(detail: AnalysisDetail): AnalysisDetail {
  return { ...detail, trace: [], deliveries: [], modules: detail.modules.filter((module) => LIGHT_MODULE_TYPES.has(module.type)) };
}

/** What the status report reads of the analysis row: the output module's payload instead of every result. */
export type StatusReportRow = SummaryRow & Pick<AnalysisRow, 'error' | 'exchangeLabels'> & { output: unknown };

/** What a program reads back: the output module's payload once processed (never after anonymization). */
export function statusReportOf(row: StatusReportRow, translate: Translate): AnalysisStatusReport {
  const finished = row.status === 'processed' && row.anonymizedAt === null;
  return {
    ...summaryOf(row),
    ...localizedError(translate, row.error),
    exchangeLabels: row.exchangeLabels ?? null,
    output: finished && isRecord(row.output) ? row.output : null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
