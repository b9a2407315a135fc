/**
 * What a user looks for first in an analysis (spec §3 Analysis: categories, extracted data, reply
 * draft), kept on the analysis row when a run ends (`analyses.results_summary`) and answered at the
 * analysis level by the list and the detail, so nobody has to dig through `modules`. Made by one pure
 * function, src/analyses/results-summary.ts; the full results stay in each module's `result`.
 */
import { z } from 'zod';
import { categoryDecisionSchema } from './modules/categorization';

/**
 * Caps of the stored summary. Every list row carries it (up to 100 rows a page) and the HTTP thread
 * decodes it with the row, so it must stay a few kilobytes whatever a sender's mail holds; what is
 * cut says so (`truncated`) and the whole value is still in the module's result.
 */
export const RESULTS_SUMMARY_LIMITS = {
  categories: 10,
  fields: 30,
  /** Characters of one field value (its JSON text for arrays and objects). */
  valueChars: 500,
  draftChars: 2_000,
  /** Evidence strings kept per criterion that held, and characters of each. */
  evidence: 5,
  evidenceChars: 200,
} as const;

/** A final category and why it was given (the categorization decision behind it). */
export const summaryCategorySchema = z.object({
  name: z.string(),
  /** The document (or mail part) it was decided on. */
  documentName: z.string(),
  decision: categoryDecisionSchema,
  /** Consolidation's labels for it; empty without a consolidation module. */
  labels: z.array(z.string()),
});
export type SummaryCategory = z.infer<typeof summaryCategorySchema>;

/** One extracted value that was found (fields left null by the module are not listed). */
export const summaryFieldSchema = z.object({
  /** Technical name (`numero_contrat`). */
  name: z.string(),
  /** The label the module's settings give it, null when none. */
  label: z.string().nullable(),
  /** The value as extracted; a string cut to `valueChars` when `truncated`. */
  value: z.unknown(),
  truncated: z.boolean(),
  /** The document it was extracted from; null for a module that runs once per analysis. */
  document: z.string().nullable(),
});
export type SummaryField = z.infer<typeof summaryFieldSchema>;

export const replyDraftSummarySchema = z.object({
  text: z.string(),
  truncated: z.boolean(),
  /** The name of the reply template that made it. */
  template: z.string(),
});
export type ReplyDraftSummary = z.infer<typeof replyDraftSummarySchema>;

export const resultsSummarySchema = z.object({
  categories: z.array(summaryCategorySchema),
  extractedData: z.array(summaryFieldSchema),
  replyDraft: replyDraftSummarySchema.nullable(),
});
export type ResultsSummary = z.infer<typeof resultsSummarySchema>;

/** What an analysis with no stored summary answers: one not finished yet, or finished before summaries existed. */
export function emptyResultsSummary(): ResultsSummary {
  return { categories: [], extractedData: [], replyDraft: null };
}
