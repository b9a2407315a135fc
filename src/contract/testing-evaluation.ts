/**
 * The evaluation vocabulary of the testing center (spec §3): classification kinds, special values,
 * domain rules v1 and v2, and the shapes of expected / obtained values, outcomes and metrics.
 * Shared by the pure engine (`src/testing-center/`), the server's test runs and the screens.
 */
import { z } from 'zod';
import { CLASSIFICATION_KINDS, classificationKindSchema } from './modules/categorization';
import { valueFormatSchema, type ValueFormat } from './modules/extraction';

/** Classification kinds (spec §3), in display order; declared with the categorization contract. */
export const EVALUATION_KINDS = CLASSIFICATION_KINDS;
export const evaluationKindSchema = classificationKindSchema;
export type EvaluationKind = (typeof CLASSIFICATION_KINDS)[number];

/** Kinds whose values are categories (entries keyed `category`); the others hold named fields. */
export const LABEL_KINDS: readonly EvaluationKind[] = ['categories', 'attachments_categories'];
export const isLabelKind = (kind: EvaluationKind) => LABEL_KINDS.includes(kind);
/** Kinds evaluated per attachment (entries carry the attachment's file name in `document`). */
export const isAttachmentKind = (kind: EvaluationKind) => kind === 'attachments_categories' || kind === 'extracted_informations_attachments';

/** Special values: counted and shown like any value, never dropped (docs/guide/testing-center.md, "Testing center — domain rules…"). */
export const NO_QUALIFIED = 'NO_QUALIFIED';
export const NO_CATEGORY = 'NO_CATEGORY';
export const NO_DOMAIN_RULE = 'NO_DOMAIN_RULE';
export const SPECIAL_VALUES = [NO_QUALIFIED, NO_CATEGORY, NO_DOMAIN_RULE] as const;

/**
 * One expected or obtained value: the message bank's value entry (src/contract/testing-center.ts):
 * `key` is `category` for the category kinds or the field's name, `document` the attachment's file
 * name for the attachment kinds, `format` its value format (§3).
 */
export interface EvaluatedEntry {
  key: string;
  document: string | null;
  format: ValueFormat;
  value: unknown;
}
/** The expectation of one kind: `qualified` false (or no expectation at all) counts as NO_QUALIFIED. */
export interface EvaluatedExpectation {
  qualified: boolean;
  values: readonly EvaluatedEntry[];
}

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

/** Comparison modes that make sense per value format (a field's own rule may use any). */
export const MODES_BY_FORMAT: Record<ValueFormat, readonly Comparison['mode'][]> = {
  string: ['exact', 'insensitive', 'sameDay'],
  number: ['exact', 'tolerance'],
  array: ['exact', 'set'],
  boolean: ['exact'],
  object: ['exact'],
};

/**
 * The modes a kind's rule for a value format may use: category kinds compare category names, so
 * only exact or case- and accent-insensitive text (a "same day" or a tolerance would act as exact).
 */
export function comparisonModes(kind: EvaluationKind, format: ValueFormat): readonly Comparison['mode'][] {
  if (!isLabelKind(kind)) return MODES_BY_FORMAT[format];
  return format === 'string' ? ['exact', 'insensitive'] : ['exact'];
}

export const kindRulesV2Schema = z.object({
  kind: evaluationKindSchema,
  /** Per value format: how a value of that format compares (absent: exact). */
  formats: z.partialRecord(valueFormatSchema, comparisonSchema).default({}),
  /** Per field (field kinds): its own comparison, whatever the format. */
  fields: z.array(z.object({ field: z.string().min(1), comparison: comparisonSchema })).default([]),
  /** Field kinds: a field with no rule of its own is counted under NO_DOMAIN_RULE instead of by its format. */
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
  /** The attachment's file name for the attachment kinds. */
  document: z.string().nullable().optional(),
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
