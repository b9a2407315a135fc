/**
 * Stored NLU items → the engine's input (`NluSource`). Written once for the server (its tables) and
 * the console (the lists it fetched, for the offline NLU test), so both give the engine the same
 * thing: interactions are grouped under their context, and an interaction's id is its name.
 */
import type { InteractionFunctionSource, InteractionSource, NluLanguage, NluSource } from './types';

export interface StoredNluItems {
  archetypes: readonly { name: string; dictionaries: NluSource['archetypes'][number]['dictionaries'] }[];
  contexts: readonly { id: string; name: string; languages: NluLanguage[]; neutralizers: string[] }[];
  interactions: readonly (Omit<InteractionSource, 'id'> & { name: string; contextId: string; comment: string })[];
  functions: readonly InteractionFunctionSource[];
}

export function nluSourceOf(items: StoredNluItems): NluSource {
  return {
    archetypes: items.archetypes.map((archetype) => ({ name: archetype.name, dictionaries: archetype.dictionaries })),
    contexts: items.contexts.map((context) => ({
      name: context.name,
      languages: context.languages,
      neutralizers: context.neutralizers,
      interactions: items.interactions
        .filter((interaction) => interaction.contextId === context.id)
        .map((interaction) => ({
          id: interaction.name,
          comment: interaction.comment,
          enabled: interaction.enabled,
          ordered: interaction.ordered,
          distance: interaction.distance,
          parameters: interaction.parameters,
          functions: interaction.functions,
        })),
    })),
    functions: items.functions.map((fn) => ({
      name: fn.name,
      enabled: fn.enabled,
      kind: fn.kind,
      stringValue: fn.stringValue,
      parameterName: fn.parameterName,
      interactionToFind: fn.interactionToFind,
      parameterToFind: fn.parameterToFind,
      parameterBaseline: fn.parameterBaseline,
    })),
  };
}
