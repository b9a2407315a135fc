/**
 * The response formats a server answers in (§3 Server "response format"). The spec names V4 and V5
 * without defining them; here is what each carries, the same in the pipeline, `nlu/test` and the
 * console's offline test:
 * - **V5** (the default): every interaction of the server's contexts, complete or not (incomplete ones
 *   with their `missing` parameters), and every value with its archetype path and parent values.
 * - **V4**, what servers answered before AI version 5: complete interactions only, and values without
 *   archetype path or parents (empty lists). Labels are the same in both.
 * - **V3**, the original platform's older format (its exports still name it): answered as V4 here,
 *   the nearest format this console knows; categorization refuses it as it refuses V4.
 * Categorization reads incomplete interactions and parent values, which is why it needs V5 (§5).
 */
import type { NluResult } from '../contract/modules/nlu';

/** A server's answer formats; the contract (nlu-entities.ts) validates with them. */
export const NLU_RESPONSE_FORMATS = ['V3', 'V4', 'V5'] as const;
export type NluResponseFormat = (typeof NLU_RESPONSE_FORMATS)[number];

export function inResponseFormat(result: NluResult, format: NluResponseFormat): NluResult {
  if (format === 'V5') return result;
  // V3 and V4 alike.
  return {
    ...result,
    interactions: result.interactions
      .filter((interaction) => interaction.complete)
      .map((interaction) => ({
        ...interaction,
        parameters: Object.fromEntries(
          Object.entries(interaction.parameters).map(([name, values]) => [
            name,
            values.map((value) => ({ ...value, path: [], parents: [] })),
          ]),
        ),
      })),
  };
}
