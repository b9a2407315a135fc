/**
 * An analysis as the API answers it — the console's detail, a program's status report — built in a
 * module worker from the database's JSON, read as UTF-8 bytes. The module results of a 3 MB mail are some 15 MB of JSON
 * (the extractor's text, NLU matches, the output payload that repeats them): decoding them, putting
 * each message in the reader's language, checking the answer against its contract and encoding it
 * held the thread that answers HTTP for half a second per read. The main thread now only moves bytes
 * in and out (`SerializedResponse` in routes/register.ts): bytes cross threads in one copy, where a
 * long string took up to a tenth of a second.
 */
import { analysisStatusReportSchema, getAnalysis, type ModuleResult } from '../../src/contract/analyses';
import { translatorFor, type Language } from '../i18n/error-messages';
import { parseJsonBytes } from './held-json';
import { detailOf, lightDetailOf, statusReportOf, type DeliveryRow, type DetailRow, type FileRow, type StatusReportRow, type TraceRow } from '../analyses/views';

/** A delivery attempt as read for the detail: its payload (MBs for a large mail) as JSON bytes. */
export type DeliveryText = Omit<DeliveryRow, 'payload'> & { payloadJson: Uint8Array | null };

export interface AnalysisDetailTask {
  kind: 'analysisDetail';
  row: Omit<DetailRow, 'modules'>;
  modulesJson: Uint8Array;
  files: FileRow[];
  trace: TraceRow[];
  deliveries: DeliveryText[];
  /** The reader's language, resolved from the request on the main thread. */
  language: Language;
  /** A light user's result page: no trace, no deliveries, no module internals (views.ts lightDetailOf). */
  light: boolean;
}

export interface AnalysisStatusReportTask {
  kind: 'analysisStatusReport';
  row: Omit<StatusReportRow, 'output'>;
  /** The output module's result as JSON bytes, null without one. */
  outputJson: Uint8Array | null;
  language: Language;
}

/** UTF-8 JSON of the answer, checked against its contract; its buffer is transferred, not copied. */
export interface SerializedAnswer {
  json: Uint8Array;
}

const encode = (body: unknown): SerializedAnswer => ({ json: new TextEncoder().encode(JSON.stringify(body)) });

export function runAnalysisDetail(task: AnalysisDetailTask): SerializedAnswer {
  const translate = translatorFor(task.language);
  const row: DetailRow = { ...task.row, modules: parseJsonBytes(task.modulesJson) as ModuleResult[] };
  const deliveries = task.deliveries.map(({ payloadJson, ...delivery }): DeliveryRow => ({ ...delivery, payload: payloadJson === null ? null : (parseJsonBytes(payloadJson) as DeliveryRow['payload']) }));
  const detail = detailOf(row, task.files, task.trace, deliveries, translate);
  // What register.ts does on the main thread for other answers: a mismatch is our bug (a 500).
  return encode(getAnalysis.response!.parse(task.light ? lightDetailOf(detail) : detail));
}

export function runAnalysisStatusReport(task: AnalysisStatusReportTask): SerializedAnswer {
  const output: unknown = task.outputJson === null ? null : parseJsonBytes(task.outputJson);
  return encode(analysisStatusReportSchema.parse(statusReportOf({ ...task.row, output }, translatorFor(task.language))));
}
