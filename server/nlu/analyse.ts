/**
 * One text through one NLU server of an environment: the server's contexts (or the given ones), its
 * language (or the given one; `auto` picks as src/nlu/auto-candidates.ts says), labeling and
 * multiple-interaction settings. Shared by the NLU test endpoint and the pipeline's NLU module.
 */
import type { EnvironmentLanguage } from '../../src/contract/environments';
import type { NluResult } from '../../src/contract/modules/nlu';
import { NLU_LANGUAGES } from '../../src/contract/environments';
import { autoCandidates } from '../../src/nlu/auto-candidates';
import type { NluLanguage } from '../../src/nlu/types';
import type { Compiled } from './engine-cache';
import type { ServerRow } from './source';

export interface AnalyseWith {
  compiled: Compiled;
  server: ServerRow;
  language?: EnvironmentLanguage;
  /** Only these contexts (default: the server's). */
  contexts?: string[];
  /** The environment's languages: candidates of `auto` when the contexts declare none. */
  environmentLanguages: readonly EnvironmentLanguage[];
}

const isNluLanguage = (value: string): value is NluLanguage => (NLU_LANGUAGES as readonly string[]).includes(value);

/** The engine's answer, or an empty result when nothing of the configuration compiled. */
export function analyseWithServer(text: string, input: AnalyseWith): NluResult {
  const requested = input.language ?? input.server.defaultLanguage;
  const language = isNluLanguage(requested) ? requested : 'auto';
  const contexts = input.contexts ?? input.server.contexts;
  const candidates = autoCandidates(input.compiled.engine?.contexts ?? [], contexts, input.environmentLanguages);
  if (input.compiled.engine === null) {
    return { language: language === 'auto' ? (candidates[0] ?? 'fr') : language, interactions: [], labels: [] };
  }
  return input.compiled.analyseText(input.compiled.engine, text, {
    language,
    ...(candidates.length > 0 ? { candidates } : {}),
    contexts,
    multipleInteractions: input.server.multipleInteractions,
    labeling: input.server.labeling,
    responseFormat: input.server.responseFormat,
  });
}
