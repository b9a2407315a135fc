/**
 * The evaluation vocabulary of the testing center (spec §3): classification kinds, special values,
 * domain rules v1 and v2, and the shapes of expected / obtained values, outcomes and metrics.
 * Shared by the pure engine (`src/testing-center/`), the server's test runs and the screens.
 */
import { z } from 'zod';

/** Classification kinds (spec §3), in display order. */
export const EVALUATION_KINDS = ['categories', 'attachments_categories', 'extracted_informations', 'extracted_informations_attachments', 'rpa'] as const;
export const evaluationKindSchema = z.enum(EVALUATION_KINDS);
export type EvaluationKind = z.infer<typeof evaluationKindSchema>;

/** Kinds whose values are labels (a set of category names); the others hold named fields. */
export const LABEL_KINDS: readonly EvaluationKind[] = ['categories', 'attachments_categories'];
export const isLabelKind = (kind: EvaluationKind) => LABEL_KINDS.includes(kind);

/** Special values: counted and shown like any value, never dropped (README "Testing center — domain rules…"). */
export const NO_QUALIFIED = 'NO_QUALIFIED';
export const NO_CATEGORY = 'NO_CATEGORY';
export const NO_DOMAIN_RULE = 'NO_DOMAIN_RULE';
export const SPECIAL_VALUES = [NO_QUALIFIED, NO_CATEGORY, NO_DOMAIN_RULE] as const;

/**
 * Values of one kind for one message: labels (category kinds) or fields (field name → value).
 * Null for a side means "nothing there": not qualified (expected) or nothing produced (obtained).
 */
export const kindValuesSchema = z.union([
  z.object({ labels: z.array(z.string()) }),
  z.object({ fields: z.record(z.string(), z.unknown()) }),
]);
export type KindValues = z.infer<typeof kindValuesSchema>;
export const valuesByKindSchema = z.partialRecord(evaluationKindSchema, kindValuesSchema);
export type ValuesByKind = z.infer<typeof valuesByKindSchema>;

// Domain rules ------------------------------------------------------------------------------------

/** v1: which categories count. An empty `inScope` puts every category in scope. */
export const domainRulesV1Schema = z.object({
  inScope: z.array(z.string().min(1)).default([]),
  skipped: z.array(z.string().min(1)).default([]),
  merged: z.array(z.object({ from: z.string().min(1), into: z.string().min(1) })).default([]),
});
export type DomainRulesV1 = z.infer<typeof domainRulesV1Schema>;

/** v2: how an obtained value is compared with the expected one, by value format. */
export const COMPARISON_MODES = ['exact', 'insensitive', 'tolerance', 'sameDay', 'set'] as const;
export const comparisonSchema = z.object({
  mode: z.enum(COMPARISON_MODES),
  /** `tolerance`: the largest accepted absolute difference. */
  tolerance: z.number().nonnegative().default(0),
  /** `set`: elements compared case- and accent-insensitively. */
  insensitiveElements: z.boolean().default(false),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const kindRulesV2Schema = z.object({
  kind: evaluationKindSchema,
  /** How values of this kind compare (labels; fields without their own rule when `onlyListedFields` is off). */
  comparison: comparisonSchema,
  /** Per field (field kinds): its own comparison. */
  fields: z.array(z.object({ field: z.string().min(1), comparison: comparisonSchema })).default([]),
  /** Field kinds: a field with no rule of its own is counted under NO_DOMAIN_RULE instead of by `comparison`. */
  onlyListedFields: z.boolean().default(false),
});
export type KindRulesV2 = z.infer<typeof kindRulesV2Schema>;

export const domainRulesV2Schema = z.object({ kinds: z.array(kindRulesV2Schema).default([]) });
export type DomainRulesV2 = z.infer<typeof domainRulesV2Schema>;

export const domainRulesSchema = z.object({ v1: domainRulesV1Schema, v2: domainRulesV2Schema });
export type DomainRules = z.infer<typeof domainRulesSchema>;
export const EMPTY_DOMAIN_RULES: DomainRules = { v1: { inScope: [], skipped: [], merged: [] }, v2: { kinds: [] } };

// Outcomes and metrics ----------------------------------------------------------------------------

export const OUTCOMES = ['TP', 'FP', 'FN', 'SKIPPED'] as const;
/** One counted value of one message and kind, with the rule that decided it. */
export const valueOutcomeSchema = z.object({
  value: z.string(),
  outcome: z.enum(OUTCOMES),
  /** Stable rule id (`exact`, `v1.merged`, `v2.tolerance`…); the console translates it. */
  rule: z.string(),
  /** Expected and obtained as compared (after domain rules), for display. */
  expected: z.unknown().optional(),
  obtained: z.unknown().optional(),
});
export type ValueOutcome = z.infer<typeof valueOutcomeSchema>;

export const metricRowSchema = z.object({
  value: z.string(),
  tp: z.number().int().nonnegative(),
  fp: z.number().int().nonnegative(),
  fn: z.number().int().nonnegative(),
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
  /** Expected occurrences: tp + fn. */
  support: z.number().int().nonnegative(),
});
export type MetricRow = z.infer<typeof metricRowSchema>;

export const kindMetricsSchema = z.object({ perValue: z.array(metricRowSchema), micro: metricRowSchema, macro: metricRowSchema });
export type KindMetrics = z.infer<typeof kindMetricsSchema>;
export const metricsByKindSchema = z.partialRecord(evaluationKindSchema, kindMetricsSchema);
export type MetricsByKind = z.infer<typeof metricsByKindSchema>;
