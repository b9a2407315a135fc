/**
 * The consolidation module (spec §3 Consolidation module, §4 manual final status): combines
 * the per-document categories of the categorization module(s) into the analysis's final categories
 * and labels. Its configuration lives in the module's `config` (see modules/categorization.ts for
 * why), its result in `modules[].result` and in the output payload as `consolidation`.
 *
 * How it decides (src/categorization/consolidate.ts):
 * 1. candidates: the categories of every document (best first), body documents and attachments apart;
 *    the default category counts only when nothing else was given, if `dropDefault` is on;
 * 2. precedence: the side named by `precedence` goes first, except that an attachment category listed
 *    in `attachmentPrecedence` goes before everything (a claim form attached to a short mail);
 * 3. merge: `winner` keeps the first candidate only; `union` keeps every distinct name in that order
 *    (at most `maxCategories`);
 * 4. labels: each final category's labels from `labels` (the category name when it has none),
 *    de-duplicated. These are what a connector writes on the mail; with manual final status the
 *    external PATCH's `exchangeLabels` replaces them as the analysis's final labels (§4).
 */
import { z } from 'zod';
import { plainText } from '../define';
import { categoryDecisionSchema, categoryNameSchema, documentCategorizationSchema } from './categorization';

/** §3: "workflowId (auto-created if empty)": the server gives one at save when left empty. */
export const workflowIdSchema = z.string().trim().max(100).regex(/^[A-Za-z0-9_.:-]*$/, 'Letters, digits, _ . : - only');

export const consolidationConfigSchema = z.object({
  /** Empty: the server creates one (`wf-` and a random id) when the configuration is saved. */
  workflowId: workflowIdSchema.default(''),
  /** Which side's categories come first. */
  precedence: z.enum(['body', 'attachment']).default('body'),
  /** Attachment categories that go before the body's whatever `precedence` says. */
  attachmentPrecedence: z.array(categoryNameSchema.min(1)).max(500).default([]),
  merge: z.enum(['winner', 'union']).default('winner'),
  maxCategories: z.number().int().min(1).max(100).default(10),
  /** Leave the default category out when another category was given. */
  dropDefault: z.boolean().default(true),
  /** Labels per category (a category without an entry is labelled with its own name). */
  labels: z
    .array(z.object({ category: categoryNameSchema.min(1), labels: z.array(plainText().trim().min(1).max(200)).max(20) }))
    .max(1000)
    .default([]),
});
export type ConsolidationConfig = z.infer<typeof consolidationConfigSchema>;
export type ConsolidationConfigInput = z.input<typeof consolidationConfigSchema>;

/** Why a final category is there. */
export const CONSOLIDATION_REASONS = ['only', 'precedence', 'attachmentPrecedence', 'merged', 'default'] as const;

export const consolidatedCategorySchema = z.object({
  category: z.string(),
  reason: z.enum(CONSOLIDATION_REASONS),
  /** The document it came from and the categorization decision (rule and criteria) behind it. */
  from: z.object({
    moduleId: z.string(),
    document: z.number().int().nonnegative(),
    documentName: z.string(),
    source: z.enum(['main', 'body', 'attachment']),
    page: z.number().int().positive().nullable(),
  }),
  decision: categoryDecisionSchema,
  /** Its labels (the configured ones, or its name). */
  labels: z.array(z.string()),
});
export type ConsolidatedCategory = z.infer<typeof consolidatedCategorySchema>;

export const consolidationResultSchema = z.object({
  workflowId: z.string(),
  /** Final categories, first is the analysis's category. */
  categories: z.array(consolidatedCategorySchema),
  labels: z.array(z.string()),
  /** Taints the analysis carries at the end of consolidation. */
  taints: z.array(z.string()),
});
export type ConsolidationResult = z.infer<typeof consolidationResultSchema>;

/**
 * The `categories` field of the output payload (§3 Output module options "categories enabled",
 * "categories to skip"), also what webhooks receive: every categorization module's per-document
 * categories with their explanations, and consolidation's final categories and labels. Names listed
 * in "categories to skip" are left out everywhere (compared without case) and listed in `skipped`.
 */
export const outputCategoriesSchema = z.object({
  documents: z.array(
    documentCategorizationSchema.extend({ moduleId: z.string(), module: z.string() }),
  ),
  /** Null without a consolidation module that ran. */
  final: z.array(consolidatedCategorySchema).nullable(),
  labels: z.array(z.string()).nullable(),
  workflowId: z.string().nullable(),
  taints: z.array(z.string()),
  skipped: z.array(z.string()),
});
export type OutputCategories = z.infer<typeof outputCategoriesSchema>;
