/**
 * The configuration lists the console fetched → the engine's input and options, the way the server
 * maps its tables (server/nlu/source.ts and analyse.ts), so the offline NLU test answers what the
 * server would. `auto` chooses among the same languages as on the server (src/nlu/auto-candidates.ts).
 */
import type { Archetype, NluContext, NluInteraction, NluInteractionFunction, NluServer } from '../../../contract/nlu';
import { autoCandidates } from '../../../nlu/auto-candidates';
import { nluSourceOf } from '../../../nlu/source-of';
import type { AnalyseOptions, NluLanguage, NluSource } from '../../../nlu/types';

export interface NluConfiguration {
  archetypes: Archetype[];
  contexts: NluContext[];
  interactions: NluInteraction[];
  functions: NluInteractionFunction[];
}

/** The lists fetched → the engine's input, by the mapping the server uses. */
export function toNluSource(config: NluConfiguration): NluSource {
  return nluSourceOf(config);
}

export function analyseOptionsFor(
  server: NluServer,
  contexts: readonly NluContext[],
  language: NluLanguage | 'auto' | undefined,
  environmentLanguages: readonly string[] = [],
): AnalyseOptions {
  const candidates = autoCandidates(contexts, server.contexts, environmentLanguages);
  const requested = language ?? server.defaultLanguage;
  return {
    language: requested,
    ...(candidates.length > 0 ? { candidates } : {}),
    contexts: server.contexts,
    multipleInteractions: server.multipleInteractions,
    labeling: server.labeling,
    responseFormat: server.responseFormat,
  };
}
