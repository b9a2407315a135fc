/**
 * A replay's setup from what the console fetches: the run's configuration (`getTestReplay`) and the
 * environment's NLU lists (the NLU screens' list endpoints), mapped to the engine's input the way the
 * server maps its tables (src/nlu/source-of.ts). Used by the browser's what-if worker and by the test
 * that compares its outcomes with a server run's.
 */
import type { Archetype, NluContext, NluInteraction, NluInteractionFunction, NluServer } from '../contract/nlu';
import type { EnvironmentSettings } from '../contract/environments';
import { compileNlu } from '../nlu/compile';
import { analyseText } from '../nlu/analyse';
import type { Compiled } from '../nlu/analyse-with-server';
import type { NluSource } from '../nlu/types';
import type { ReplaySetup } from './replay';

export interface ReplayNluLists {
  archetypes: readonly Archetype[];
  contexts: readonly NluContext[];
  interactions: readonly NluInteraction[];
  functions: readonly NluInteractionFunction[];
  servers: readonly NluServer[];
}

/** `version` names the configuration (a new one for each change tried). */
export function replaySetupOf(settings: ReplaySetup['settings'] & Partial<EnvironmentSettings>, source: NluSource, servers: readonly NluServer[], version: string): ReplaySetup {
  const compiled = new Map<string, Compiled>();
  return {
    settings,
    servers,
    version,
    nlu: (aiVersion) => {
      let entry = compiled.get(aiVersion);
      if (entry === undefined) compiled.set(aiVersion, (entry = { ...compileNlu(source, { aiVersion }), analyseText }));
      return entry;
    },
  };
}
