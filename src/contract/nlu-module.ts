/**
 * What the pipeline's NLU module writes as its result: one NLU result per analysed text
 * block, with where the block comes from, and the server that analysed them. The analysis detail
 * endpoint returns it in `modules[].result` (type `nlu`); the output payload carries it as `nlu`
 * when the "NLU output" option is on.
 */
import { z } from 'zod';
import { nluResultSchema } from './modules/nlu';

export const nluBlockResultSchema = z.object({
  /** Index of the document in the extractor's result (`documents[document].blocks[block]`). */
  document: z.number().int().nonnegative(),
  block: z.number().int().nonnegative(),
  documentName: z.string(),
  source: z.enum(['main', 'attachment', 'body']),
  page: z.number().int().positive().nullable(),
  result: nluResultSchema,
});
export type NluBlockResult = z.infer<typeof nluBlockResultSchema>;

export const nluModuleResultSchema = z.object({
  server: z.string(),
  /** The module's context, or null when it runs every context of the server. */
  context: z.string().nullable(),
  blocks: z.array(nluBlockResultSchema),
  /** Blocks left out because the module's time budget ran out. */
  blocksNotAnalysed: z.number().int().nonnegative(),
});
export type NluModuleResult = z.infer<typeof nluModuleResultSchema>;
