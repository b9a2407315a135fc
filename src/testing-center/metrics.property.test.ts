import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVALUATION_KINDS, NO_QUALIFIED, type DomainRules } from '../contract/testing-evaluation';
import { metricsByKind } from './metrics';
import { evaluateMessage } from './outcomes';

const label = fc.constantFrom('A', 'B', 'C', 'Spam', 'Claims-urgent', 'Z');
const labelSet = fc.option(fc.uniqueArray(label, { maxLength: 3 }), { nil: undefined });
const fieldSet = fc.option(fc.dictionary(fc.constantFrom('amount', 'date', 'name'), fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('x', 'X', null))), { nil: undefined });
const rulesArb: fc.Arbitrary<DomainRules> = fc.record({
  v1: fc.record({
    inScope: fc.constantFrom([], ['A', 'B', 'C']),
    skipped: fc.constantFrom([], ['Spam']),
    merged: fc.constantFrom([], [{ from: 'Claims-urgent', into: 'A' }]),
  }),
  v2: fc.record({
    kinds: fc.constantFrom([], [{ kind: 'extracted_informations' as const, formats: { string: { mode: 'insensitive' as const, tolerance: 0, insensitiveElements: false } }, fields: [{ field: 'amount', comparison: { mode: 'tolerance' as const, tolerance: 1, insensitiveElements: false } }], onlyListedFields: true }]),
  }),
});
const category = (value: string) => ({ key: 'category', document: null, format: 'string' as const, value });
const toEntries = (record: Record<string, unknown>) =>
  Object.entries(record).map(([key, value]) => ({ key, document: null, format: (typeof value === 'number' ? 'number' : 'string') as 'number' | 'string', value }));
const message = fc.record({
  expectedLabels: labelSet,
  obtainedLabels: labelSet,
  expectedFields: fieldSet,
  obtainedFields: fieldSet,
});

describe('micro F1 recomputed from the per-message rows', () => {
  it('equals the reported one for every kind', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), rulesArb, (messages, rules) => {
        const outcomes = messages.map((m, index) =>
          evaluateMessage(
            {
              messageId: `m${index}`,
              expected: {
                ...(m.expectedLabels && { categories: { qualified: true, values: m.expectedLabels.map(category) } }),
                ...(m.expectedFields && { extracted_informations: { qualified: true, values: toEntries(m.expectedFields) } }),
              },
              obtained: { ...(m.obtainedLabels && { categories: m.obtainedLabels.map(category) }), ...(m.obtainedFields && { extracted_informations: toEntries(m.obtainedFields) }) },
            },
            ['categories', 'extracted_informations'],
            rules,
          ),
        );
        const reported = metricsByKind(outcomes, EVALUATION_KINDS);
        for (const kind of ['categories', 'extracted_informations'] as const) {
          let tp = 0, fp = 0, fn = 0;
          for (const rows of outcomes) {
            for (const row of rows[kind] ?? []) {
              if (row.value === NO_QUALIFIED) continue;
              if (row.outcome === 'TP') tp++;
              if (row.outcome === 'FP') fp++;
              if (row.outcome === 'FN') fn++;
            }
          }
          const f1 = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
          expect(reported[kind]!.micro.f1).toBeCloseTo(f1, 10);
          // Every qualified message is counted somewhere: unqualified ones show as NO_QUALIFIED.
          const unqualified = messages.filter((m) => m.expectedLabels === undefined).length;
          if (kind === 'categories') expect(reported[kind]!.perValue.find((row) => row.value === NO_QUALIFIED)?.fn ?? 0).toBe(unqualified);
        }
      }),
    );
  });
});
