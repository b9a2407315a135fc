/**
 * The configuration lists the console fetched → the engine's input and options, the way the server
 * maps its tables (server/nlu/source.ts and analyse.ts), so the offline NLU test answers what the
 * server would. `auto` chooses among the languages of the server's contexts (the server uses the
 * environment's languages; both are the same on a coherent configuration).
 */
import type { Archetype, NluContext, NluInteraction, NluInteractionFunction, NluServer } from '../../../contract/nlu';
import type { AnalyseOptions, NluLanguage, NluSource } from '../../../nlu/types';

export interface NluConfiguration {
  archetypes: Archetype[];
  contexts: NluContext[];
  interactions: NluInteraction[];
  functions: NluInteractionFunction[];
}

export function toNluSource(config: NluConfiguration): NluSource {
  return {
    archetypes: config.archetypes.map((archetype) => ({ name: archetype.name, dictionaries: archetype.dictionaries })),
    contexts: config.contexts.map((context) => ({
      name: context.name,
      languages: context.languages,
      neutralizers: context.neutralizers,
      interactions: config.interactions
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
    functions: config.functions.map(({ id: _id, updatedAt: _updatedAt, ...fn }) => fn),
  };
}

export function analyseOptionsFor(server: NluServer, contexts: readonly NluContext[], language: NluLanguage | 'auto' | undefined): AnalyseOptions {
  const used = contexts.filter((context) => server.contexts.includes(context.name));
  const candidates = [...new Set(used.flatMap((context) => context.languages))];
  const requested = language ?? server.defaultLanguage;
  return {
    language: requested,
    ...(candidates.length > 0 ? { candidates } : {}),
    contexts: server.contexts,
    multipleInteractions: server.multipleInteractions,
    labeling: server.labeling,
  };
}
