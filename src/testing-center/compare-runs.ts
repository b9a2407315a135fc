/**
 * Compare two runs (A = the reference, B = the newer): per value, the change of each count and of
 * precision, recall and F1 (B − A), regressions first (F1 down the most), then improvements, then
 * unchanged; and the messages whose outcome got worse or better.
 */
import type { KindMetrics, MetricRow, ValueOutcome } from '../contract/testing-evaluation';
import { metricRow } from './metrics';

export interface ValueDelta {
  value: string;
  before: MetricRow;
  after: MetricRow;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
  trend: 'regression' | 'improvement' | 'unchanged';
}

const EPSILON = 1e-9;

function delta(value: string, before: MetricRow, after: MetricRow): ValueDelta {
  const f1 = after.f1 - before.f1;
  const errors = after.fp + after.fn - (before.fp + before.fn);
  // F1 decides; with equal F1 more errors is still a regression (e.g. a value at 0 that gains FPs).
  const trend = f1 < -EPSILON || (Math.abs(f1) <= EPSILON && errors > 0) ? 'regression' : f1 > EPSILON || errors < 0 ? 'improvement' : 'unchanged';
  return { value, before, after, tp: after.tp - before.tp, fp: after.fp - before.fp, fn: after.fn - before.fn, precision: after.precision - before.precision, recall: after.recall - before.recall, f1, trend };
}

const RANK = { regression: 0, improvement: 1, unchanged: 2 } as const;

export function compareKindMetrics(a: KindMetrics | undefined, b: KindMetrics | undefined): { perValue: ValueDelta[]; micro: ValueDelta; macro: ValueDelta } {
  const empty = (value: string) => metricRow(value, 0, 0, 0);
  const before = new Map((a?.perValue ?? []).map((row) => [row.value, row]));
  const after = new Map((b?.perValue ?? []).map((row) => [row.value, row]));
  const values = [...new Set([...before.keys(), ...after.keys()])];
  const perValue = values
    .map((value) => delta(value, before.get(value) ?? empty(value), after.get(value) ?? empty(value)))
    .sort((x, y) => RANK[x.trend] - RANK[y.trend] || x.f1 - y.f1 || (x.value < y.value ? -1 : 1));
  return {
    perValue,
    micro: delta('micro', a?.micro ?? empty('micro'), b?.micro ?? empty('micro')),
    macro: delta('macro', a?.macro ?? empty('macro'), b?.macro ?? empty('macro')),
  };
}

/** Errors (FP + FN) of one message's rows. */
const errorsOf = (rows: readonly ValueOutcome[] | undefined) => (rows ?? []).filter((row) => row.outcome === 'FP' || row.outcome === 'FN').length;

/** Messages in both runs whose error count for the kind changed, worse first. */
export function messageChanges(a: ReadonlyMap<string, readonly ValueOutcome[]>, b: ReadonlyMap<string, readonly ValueOutcome[]>) {
  const changes: { messageId: string; before: number; after: number }[] = [];
  for (const [messageId, rows] of b) {
    if (!a.has(messageId)) continue;
    const before = errorsOf(a.get(messageId));
    const after = errorsOf(rows);
    if (before !== after) changes.push({ messageId, before, after });
  }
  return changes.sort((x, y) => y.after - y.before - (x.after - x.before));
}
