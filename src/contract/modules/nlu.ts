/**
 * The NLU module's result, shared by the engine (`src/nlu/`), the pipeline runner, the
 * `nlu/test` endpoint and the console's labelling view. One result per text block.
 *
 * `parameters` maps a parameter name to every value found for it (one unless the parameter is
 * `multiple`). `value` is the canonical form of the matched entry, or its identifier under `#ID_ON`,
 * or the normalised value of a builtin (ISO date, number, amount…). `start`/`end` are UTF-16 offsets
 * into the block's original text (`text === block.slice(start, end)`).
 */
import { z } from 'zod';
import { NLU_LANGUAGES } from '../environments';

export const nluLanguageSchema = z.enum(NLU_LANGUAGES);

export const nluValueSchema = z.object({
  value: z.string(),
  text: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  /** The archetype path, outermost first: `["contract", "contractNumber"]` for a sub-archetype match. */
  archetype: z.string(),
  path: z.array(z.string()).default([]),
  /** Parent values declared with `->id;label` lines, nearest first. */
  parents: z.array(z.object({ id: z.string(), label: z.string() })).default([]),
});
export type NluValue = z.infer<typeof nluValueSchema>;

export const nluInteractionResultSchema = z.object({
  id: z.string(),
  context: z.string(),
  complete: z.boolean(),
  /** Names of the non-optional parameters not found (empty when complete). */
  missing: z.array(z.string()),
  parameters: z.record(z.string(), z.array(nluValueSchema)),
});
export type NluInteractionResult = z.infer<typeof nluInteractionResultSchema>;

export const nluLabelSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  archetype: z.string(),
  text: z.string(),
});
export type NluLabel = z.infer<typeof nluLabelSchema>;

export const nluResultSchema = z.object({
  /** The language used: the one asked for, or the detected one under `auto`. */
  language: nluLanguageSchema,
  interactions: z.array(nluInteractionResultSchema),
  /** Empty unless the server labels. */
  labels: z.array(nluLabelSchema),
});
export type NluResult = z.infer<typeof nluResultSchema>;
