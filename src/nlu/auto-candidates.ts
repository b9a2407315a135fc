/**
 * Which languages `auto` chooses among, one rule for the server (pipeline, server test) and the
 * console's offline test, so both detect the same language on the same text: the languages of the
 * contexts analysed; when they declare none, the environment's languages; when neither, every
 * language (detectLanguage's default).
 */
import { NLU_LANGUAGES } from '../contract/environments';
import type { NluLanguage } from './types';

const isNluLanguage = (value: string): value is NluLanguage => (NLU_LANGUAGES as readonly string[]).includes(value);

export function autoCandidates(
  contexts: readonly { name: string; languages: readonly string[] }[],
  analysed: readonly string[],
  environmentLanguages: readonly string[],
): NluLanguage[] {
  const fromContexts = [...new Set(contexts.filter((context) => analysed.includes(context.name)).flatMap((context) => context.languages))].filter(isNluLanguage);
  return fromContexts.length > 0 ? fromContexts : [...new Set(environmentLanguages)].filter(isNluLanguage);
}
