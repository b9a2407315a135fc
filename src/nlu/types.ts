/**
 * What the NLU engine is given: the configuration as plain data, however it was stored.
 * The server maps its tables to this; the console's NLU test worker receives it as a message. The
 * engine's entry points (src/nlu/index.ts) are:
 *
 *   compileNlu(source: NluSource, options: CompileOptions): { engine: CompiledNlu | null; errors: NluConfigError[] }
 *   analyseText(engine: CompiledNlu, text: string, options: AnalyseOptions): NluResult
 *   checkDictionary(text: string, language: NluLanguage, knownArchetypes: string[]): NluConfigError[]   // editor inline errors
 *   variationsOf(word: string, language: NluLanguage, directives?: { variation: boolean; spellcheck: boolean }): VariationReport | null  // variation helper (src/nlu/variations.ts)
 *   BUILTIN_ARCHETYPES: readonly { name: string; description: { fr: string; en: string }; example: string }[]
 *
 * `compileNlu` never throws on bad configuration: it reports every error it finds (with the
 * archetype or interaction and the line) and compiles what it can; `engine` is null only when
 * nothing usable remains. `analyseText` never throws on any text.
 */
import type { NluResult } from '../contract/modules/nlu';
import type { NLU_LANGUAGES } from '../contract/environments';
import type { NluResponseFormat } from './response-format';

export type NluLanguage = (typeof NLU_LANGUAGES)[number];

export interface ArchetypeSource {
  name: string;
  /** The dictionary text per language (`canonical;variant;variant` lines, directives on top). */
  dictionaries: Partial<Record<NluLanguage, string>>;
}

export interface InteractionParameterSource {
  name: string;
  position: number;
  archetype: string;
  optional: boolean;
  multiple: boolean;
  resetConversation: boolean;
}

export interface InteractionSource {
  id: string;
  comment?: string;
  enabled: boolean;
  /** Parameters must appear in `position` order. */
  ordered: boolean;
  /** Max words between consecutive parameters; -1 = no limit (needs AI version ≥ 4.12). */
  distance: number;
  parameters: InteractionParameterSource[];
  /** Names of interaction functions (InteractionFunctionSource.name) that must all hold. */
  functions: string[];
}

export interface ContextSource {
  name: string;
  languages: NluLanguage[];
  /** Archetype names whose matches swallow their span so nothing else matches it. */
  neutralizers: string[];
  interactions: InteractionSource[];
}

export const INTERACTION_FUNCTION_KINDS = [
  'interactionAfter',
  'interactionBefore',
  'interactionAround',
  'interactionRightAfter',
  'interactionRightBefore',
] as const;
export type InteractionFunctionKind = (typeof INTERACTION_FUNCTION_KINDS)[number];

/** §3 Interaction function: a named, reusable condition; semantics defined in src/nlu/functions.ts. */
export interface InteractionFunctionSource {
  name: string;
  enabled: boolean;
  kind: InteractionFunctionKind;
  stringValue: string | null;
  parameterName: string | null;
  interactionToFind: string | null;
  parameterToFind: string | null;
  parameterBaseline: string | null;
}

export interface NluSource {
  archetypes: ArchetypeSource[];
  contexts: ContextSource[];
  functions: InteractionFunctionSource[];
}

export interface CompileOptions {
  /** The server's AI version, e.g. "4.12" or "v4.9_prod" (distance -1 needs ≥ 4.12). */
  aiVersion: string;
}

export interface AnalyseOptions {
  /** A language of the list, or 'auto' to detect it among `candidates` (default: every language). */
  language: NluLanguage | 'auto';
  candidates?: NluLanguage[];
  /** Only these contexts' interactions (default: all). */
  contexts?: string[];
  /** Return every complete interaction (true) or only the best one (false). */
  multipleInteractions: boolean;
  /** Fill `labels` with every archetype span. */
  labeling: boolean;
  /** What the answer carries (response-format.ts); V5 by default. */
  responseFormat?: NluResponseFormat;
  /** Reference date for relative dates ("demain", "next Monday"); default: the current date. */
  now?: Date;
}

export interface NluConfigError {
  /** Stable code the console translates; `params` fill its message. */
  code:
    | 'dictionarySyntax'
    | 'unknownArchetype'
    | 'archetypeCycle'
    | 'badRegex'
    | 'regexSyntax'
    | 'unsupportedRegex'
    | 'unknownAlias'
    | 'unknownInteractionFunction'
    | 'distanceNeedsVersion'
    | 'duplicateParameter'
    /** The check itself was stopped at the module deadline or memory cap (what was saved stays saved). */
    | 'checkStopped';
  archetype?: string;
  context?: string;
  interaction?: string;
  language?: NluLanguage;
  /** 1-based line in the dictionary text. */
  line?: number;
  params: Record<string, string | number>;
  /** English text for logs and the CLI; the console shows the translated code. */
  message: string;
}

export type { NluResult };
