/**
 * Where a piece of evidence stands in the analysed documents: a range of one text block of the
 * extractor's result (`documents[document].blocks[block].text.slice(start, end)`, UTF-16 offsets).
 * The NLU labels and parameters, the words behind a category and the extracted values all point at
 * the document this way, so the result's evidence view highlights them in the text they came from.
 */
import { z } from 'zod';

export const evidenceSpanSchema = z.object({
  document: z.number().int().nonnegative(),
  block: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
export type EvidenceSpan = z.infer<typeof evidenceSpanSchema>;

/** Field name → where each of its values was read, in value order; fields read from no text (headers, metadata, snippets) have none. */
export const fieldEvidenceSchema = z.record(z.string(), z.array(evidenceSpanSchema));
export type FieldEvidence = z.infer<typeof fieldEvidenceSchema>;
