import { describe, expect, it } from 'vitest';
import { EMPTY_DOMAIN_RULES } from '../contract/testing-evaluation';
import { compareKindMetrics, messageChanges } from './compare-runs';
import { confusionMatrix, cellKey } from './confusion';
import { kindMetrics } from './metrics';
import { evaluateKind } from './outcomes';

const entries = (...values: string[]) => values.map((value) => ({ key: 'category', document: null, format: 'string' as const, value }));
const labels = (...values: string[]) => ({ qualified: true, values: entries(...values) });
// Four messages, hand-counted below.
const bank = [
  { id: 'm1', expected: labels('A'), obtained: entries('A') }, // TP A
  { id: 'm2', expected: labels('A'), obtained: entries('B') }, // FN A, FP B
  { id: 'm3', expected: labels('B'), obtained: entries() }, // FN B, FP NO_CATEGORY
  { id: 'm4', expected: undefined, obtained: entries('A') }, // FN NO_QUALIFIED
];
const rows = bank.map((m) => evaluateKind('categories', m.expected, m.obtained, EMPTY_DOMAIN_RULES));

describe('metrics', () => {
  const metrics = kindMetrics(rows);
  const byValue = Object.fromEntries(metrics.perValue.map((row) => [row.value, row]));
  it('per value counts, precision, recall, F1 and support', () => {
    expect(byValue.A).toMatchObject({ tp: 1, fp: 0, fn: 1, precision: 1, recall: 0.5, support: 2 });
    expect(byValue.A!.f1).toBeCloseTo(2 / 3);
    expect(byValue.B).toMatchObject({ tp: 0, fp: 1, fn: 1, precision: 0, recall: 0, f1: 0, support: 1 });
    expect(byValue.NO_CATEGORY).toMatchObject({ tp: 0, fp: 1, fn: 0, support: 0 });
    expect(byValue.NO_QUALIFIED).toMatchObject({ tp: 0, fp: 0, fn: 1, support: 1 });
  });
  it('micro sums counts and macro averages values, both without NO_QUALIFIED', () => {
    // micro: tp 1, fp 2, fn 2 → P 1/3, R 1/3, F1 1/3.
    expect(metrics.micro).toMatchObject({ tp: 1, fp: 2, fn: 2, support: 3 });
    expect(metrics.micro.f1).toBeCloseTo(1 / 3);
    // macro over A, B, NO_CATEGORY: P (1+0+0)/3, R (0.5+0+0)/3, F1 (2/3)/3.
    expect(metrics.macro.precision).toBeCloseTo(1 / 3);
    expect(metrics.macro.recall).toBeCloseTo(1 / 6);
    expect(metrics.macro.f1).toBeCloseTo(2 / 9);
  });
  it('confusion matrix cells hold the messages behind them', () => {
    const matrix = confusionMatrix(bank.map((m, index) => ({ messageId: m.id, rows: rows[index]! })));
    expect(matrix.cells.get(cellKey('A', 'A'))).toEqual(['m1']);
    expect(matrix.cells.get(cellKey('A', 'B'))).toEqual(['m2']);
    expect(matrix.cells.get(cellKey('B', 'NO_CATEGORY'))).toEqual(['m3']);
    expect(matrix.cells.get(cellKey('NO_QUALIFIED', 'A'))).toEqual(['m4']);
    expect(matrix.expected).toEqual(['A', 'B', 'NO_QUALIFIED']);
  });
  it('attachment categories are paired attachment by attachment, never across files', () => {
    const onFile = (document: string, value: string) => ({ key: 'category', document, format: 'string' as const, value });
    const outcomes = evaluateKind(
      'attachments_categories',
      { qualified: true, values: [onFile('a.pdf', 'Invoice')] },
      [onFile('a.pdf', 'Contract'), onFile('c.pdf', 'Photo')],
      EMPTY_DOMAIN_RULES,
    );
    const matrix = confusionMatrix([{ messageId: 'm1', rows: outcomes }]);
    expect([...matrix.cells.keys()].sort()).toEqual([cellKey('Invoice', 'Contract'), cellKey('NO_CATEGORY', 'Photo')].sort());
  });
  it('comparing two runs puts regressions first with per-value deltas', () => {
    // Run B: m1 now wrong (A → B), m3 now right.
    const after = [
      evaluateKind('categories', labels('A'), entries('B'), EMPTY_DOMAIN_RULES),
      rows[1]!,
      evaluateKind('categories', labels('B'), entries('B'), EMPTY_DOMAIN_RULES),
      rows[3]!,
    ];
    const compared = compareKindMetrics(metrics, kindMetrics(after));
    expect(compared.perValue[0]).toMatchObject({ value: 'A', trend: 'regression', tp: -1, fn: 1 });
    expect(compared.perValue.find((d) => d.value === 'NO_CATEGORY')).toMatchObject({ trend: 'improvement', fp: -1 });
    const changes = messageChanges(new Map(bank.map((m, i) => [m.id, rows[i]!])), new Map(bank.map((m, i) => [m.id, after[i]!])));
    expect(changes).toEqual([
      { messageId: 'm1', before: 0, after: 2 },
      { messageId: 'm3', before: 2, after: 0 },
    ]);
  });
});
