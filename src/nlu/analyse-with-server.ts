/**
 * One text through one NLU server of an environment: the server's contexts (or the given ones), its
 * language (or the given one; `auto` picks as auto-candidates.ts says), labeling and
 * multiple-interaction settings. Shared by the server's NLU test endpoint and pipeline NLU module, and
 * by the browser's replay of a test run (src/testing-center/replay.ts), so both answer alike.
 */
import type { EnvironmentLanguage } from '../contract/environments';
import type { NluResult } from '../contract/modules/nlu';
import { NLU_LANGUAGES } from '../contract/environments';
import { autoCandidates } from './auto-candidates';
import type { CompiledNlu } from './language-index';
import type { NluResponseFormat } from './response-format';
import type { AnalyseOptions, NluConfigError, NluLanguage } from './types';

/** An engine compiled from an environment's configuration, with the analysis it was loaded with. */
export interface Compiled {
  engine: CompiledNlu | null;
  errors: NluConfigError[];
  analyseText: (engine: CompiledNlu, text: string, options: AnalyseOptions) => NluResult;
}

/** What of an NLU server decides how it analyses (its stored row on the server, its list entry in the console). */
export interface ServerAnalysisSettings {
  defaultLanguage: string;
  contexts: string[];
  multipleInteractions: boolean;
  labeling: boolean;
  responseFormat: NluResponseFormat;
}

export interface AnalyseWith {
  compiled: Compiled;
  server: ServerAnalysisSettings;
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
