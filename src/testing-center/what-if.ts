/**
 * What-if: a test run's messages replayed on a configuration (replay.ts) and evaluated as the run was
 * (outcomes.ts, metrics.ts), then compared with the run: per value the change of TP, FP and FN
 * ("+3 TP, −1 FN on Résiliation"), the metrics before and after, and each message whose outcome
 * changed. Pure: the browser's what-if worker and the tests call it.
 */
import type { NluModuleResult } from '../contract/nlu-module';
import type { EvaluationKind, KindMetrics, ValueOutcome } from '../contract/testing-evaluation';
import type { TestReplay } from '../contract/testing-runs';
import { kindMetrics } from './metrics';
import { obtainedFromModules } from './obtained';
import { evaluateMessage, type MessageOutcomes } from './outcomes';
import { replayMessage, type ReplaySetup } from './replay';

type ReplayMessage = TestReplay['messages'][number];

/** One message replayed and evaluated with the run's kinds and domain rules (null input: nothing to replay). */
export function replayOutcomes(
  message: ReplayMessage,
  run: Pick<TestReplay, 'kinds' | 'rules'>,
  setup: ReplaySetup,
  nluCache?: Map<string, NluModuleResult | null>,
): { outcomes: MessageOutcomes; notReplayed: string[] } {
  if (message.input === null) return { outcomes: message.outcomes, notReplayed: [] };
  const { modules, notReplayed } = replayMessage(message.input, setup, nluCache);
  const obtained = obtainedFromModules(modules);
  return { outcomes: evaluateMessage({ messageId: message.messageId, expected: message.expected, obtained }, run.kinds, run.rules), notReplayed };
}

export interface ValueDelta {
  kind: EvaluationKind;
  value: string;
  tp: number;
  fp: number;
  fn: number;
}

export interface ChangedMessage {
  messageId: string;
  name: string;
  kind: EvaluationKind;
  before: ValueOutcome[];
  after: ValueOutcome[];
}

export interface WhatIfComparison {
  metrics: Partial<Record<EvaluationKind, { before: KindMetrics; after: KindMetrics }>>;
  /** Values whose counts changed, largest change first. */
  deltas: ValueDelta[];
  changed: ChangedMessage[];
}

/** A kind's rows as a comparable key: value and outcome, in a fixed order (rules and shown values aside). */
const rowsKey = (rows: readonly ValueOutcome[] | undefined) =>
  (rows ?? [])
    .map((row) => `${row.document ?? ''}\u0000${row.value}\u0000${row.outcome}`)
    .sort()
    .join('\u0001');

function counts(rows: Iterable<readonly ValueOutcome[]>): Map<string, { tp: number; fp: number; fn: number }> {
  const byValue = new Map<string, { tp: number; fp: number; fn: number }>();
  for (const list of rows) {
    for (const row of list) {
      if (row.outcome === 'SKIPPED') continue;
      let count = byValue.get(row.value);
      if (count === undefined) byValue.set(row.value, (count = { tp: 0, fp: 0, fn: 0 }));
      if (row.outcome === 'TP') count.tp++;
      else if (row.outcome === 'FP') count.fp++;
      else count.fn++;
    }
  }
  return byValue;
}

/** The run's outcomes (`before`) against the replayed ones (`after`), message by message in the same order. */
export function compareOutcomes(
  messages: readonly { messageId: string; name: string; before: MessageOutcomes; after: MessageOutcomes }[],
  kinds: readonly EvaluationKind[],
): WhatIfComparison {
  const comparison: WhatIfComparison = { metrics: {}, deltas: [], changed: [] };
  for (const kind of kinds) {
    const before = messages.map((message) => message.before[kind] ?? []);
    const after = messages.map((message) => message.after[kind] ?? []);
    comparison.metrics[kind] = { before: kindMetrics(before), after: kindMetrics(after) };
    const was = counts(before);
    const now = counts(after);
    for (const value of new Set([...was.keys(), ...now.keys()])) {
      const a = was.get(value) ?? { tp: 0, fp: 0, fn: 0 };
      const b = now.get(value) ?? { tp: 0, fp: 0, fn: 0 };
      const delta = { kind, value, tp: b.tp - a.tp, fp: b.fp - a.fp, fn: b.fn - a.fn };
      if (delta.tp !== 0 || delta.fp !== 0 || delta.fn !== 0) comparison.deltas.push(delta);
    }
    messages.forEach((message, index) => {
      if (rowsKey(before[index]) !== rowsKey(after[index])) comparison.changed.push({ messageId: message.messageId, name: message.name, kind, before: before[index]!, after: after[index]! });
    });
  }
  const size = (delta: ValueDelta) => Math.abs(delta.tp) + Math.abs(delta.fp) + Math.abs(delta.fn);
  comparison.deltas.sort((a, b) => size(b) - size(a) || a.value.localeCompare(b.value));
  return comparison;
}
