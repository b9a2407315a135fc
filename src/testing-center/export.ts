/**
 * CSV and JSON export of a run's results: one row per metric or per counted value of a message. The
 * values, expected and obtained texts come from mail and from users: the console's one CSV writer
 * quotes them and defuses any that a spreadsheet would run as a formula (src/ui/csv.ts).
 */
import { toCsv } from '../ui/csv';
import type { Language } from '../storage/preferences';
import { EVALUATION_KINDS, type MetricsByKind, type ValueOutcome, type EvaluationKind } from '../contract/testing-evaluation';

export interface ExportedMessage {
  messageId: string;
  /** The message's file name: what a person finds it by in the bank. */
  name: string;
  status: string;
  outcomes: Partial<Record<EvaluationKind, readonly ValueOutcome[]>>;
}

const cell = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));
// Four decimals, as a number: written with the reader's decimal mark, and computed on.
const ratio = (value: number) => Math.round(value * 10_000) / 10_000;

export function metricsCsv(metrics: MetricsByKind, language: Language): string {
  const rows: (string | number)[][] = [];
  for (const kind of EVALUATION_KINDS) {
    const kindMetrics = metrics[kind];
    if (!kindMetrics) continue;
    for (const row of [...kindMetrics.perValue, kindMetrics.micro, kindMetrics.macro]) {
      rows.push([kind, row.value, row.tp, row.fp, row.fn, ratio(row.precision), ratio(row.recall), ratio(row.f1), row.support]);
    }
  }
  return toCsv(['kind', 'value', 'tp', 'fp', 'fn', 'precision', 'recall', 'f1', 'support'], rows, language);
}

export function messagesCsv(messages: readonly ExportedMessage[], language: Language): string {
  const rows: string[][] = [];
  for (const message of messages) {
    for (const kind of EVALUATION_KINDS) {
      for (const row of message.outcomes[kind] ?? []) {
        rows.push([message.messageId, message.name, message.status, kind, row.value, row.outcome, row.rule, cell(row.expected), cell(row.obtained)]);
      }
    }
  }
  return toCsv(['messageId', 'name', 'status', 'kind', 'value', 'outcome', 'rule', 'expected', 'obtained'], rows, language);
}

export function resultsJson(run: { id: string; metrics: MetricsByKind; messages: readonly ExportedMessage[] }): string {
  return JSON.stringify(run, null, 2);
}
