/**
 * Metrics per classification kind from per-message outcomes: per value TP, FP, FN, precision,
 * recall, F1 and support; micro average (from the summed counts) and macro average (mean of the
 * per-value figures). NO_QUALIFIED has its own row but stays out of both averages: a message that was
 * never qualified says nothing about the configuration. SKIPPED rows are not counted.
 */
import { NO_QUALIFIED, type EvaluationKind, type KindMetrics, type MetricRow, type ValueOutcome } from '../contract/testing-evaluation';
import type { MessageOutcomes } from './outcomes';

/** Precision, recall and F1 of counts; 0 where the ratio is undefined (nothing obtained, nothing expected). */
export function metricRow(value: string, tp: number, fp: number, fn: number): MetricRow {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { value, tp, fp, fn, precision, recall, f1, support: tp + fn };
}

export function kindMetrics(outcomes: Iterable<readonly ValueOutcome[]>): KindMetrics {
  const counts = new Map<string, { tp: number; fp: number; fn: number }>();
  for (const rows of outcomes) {
    for (const row of rows) {
      if (row.outcome === 'SKIPPED') continue;
      let count = counts.get(row.value);
      if (!count) counts.set(row.value, (count = { tp: 0, fp: 0, fn: 0 }));
      if (row.outcome === 'TP') count.tp++;
      else if (row.outcome === 'FP') count.fp++;
      else count.fn++;
    }
  }
  const perValue = [...counts.entries()]
    .map(([value, count]) => metricRow(value, count.tp, count.fp, count.fn))
    .sort((a, b) => b.support - a.support || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const averaged = perValue.filter((row) => row.value !== NO_QUALIFIED);
  const sum = (pick: (row: MetricRow) => number) => averaged.reduce((total, row) => total + pick(row), 0);
  const micro = metricRow('micro', sum((row) => row.tp), sum((row) => row.fp), sum((row) => row.fn));
  const mean = (pick: (row: MetricRow) => number) => (averaged.length === 0 ? 0 : sum(pick) / averaged.length);
  const macro: MetricRow = { ...micro, value: 'macro', precision: mean((row) => row.precision), recall: mean((row) => row.recall), f1: mean((row) => row.f1) };
  return { perValue, micro, macro };
}

/** Metrics of every kind evaluated in `messages`. */
export function metricsByKind(messages: readonly MessageOutcomes[], kinds: readonly EvaluationKind[]): Partial<Record<EvaluationKind, KindMetrics>> {
  const result: Partial<Record<EvaluationKind, KindMetrics>> = {};
  for (const kind of kinds) result[kind] = kindMetrics(messages.map((message) => message[kind] ?? []));
  return result;
}
