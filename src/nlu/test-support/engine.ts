/** Builds a real engine from a few dictionaries and interactions, for the engine's tests. */
import { compileNlu, analyseText } from '../index';
import type { AnalyseOptions, ContextSource, InteractionFunctionSource, InteractionParameterSource, InteractionSource, NluLanguage } from '../types';

export function param(name: string, archetype: string, position: number, extra: Partial<InteractionParameterSource> = {}): InteractionParameterSource {
  return { name, archetype, position, optional: false, multiple: false, resetConversation: false, ...extra };
}

export function interaction(id: string, parameters: InteractionParameterSource[], extra: Partial<InteractionSource> = {}): InteractionSource {
  return { id, enabled: true, ordered: false, distance: -1, functions: [], parameters, ...extra };
}

export function build(
  dictionaries: Record<string, string>,
  options: { language?: NluLanguage; contexts?: ContextSource[]; functions?: InteractionFunctionSource[]; aiVersion?: string } = {},
) {
  const language = options.language ?? 'fr';
  return compileNlu(
    {
      archetypes: Object.entries(dictionaries).map(([name, text]) => ({ name, dictionaries: { [language]: text } })),
      contexts: options.contexts ?? [],
      functions: options.functions ?? [],
    },
    { aiVersion: options.aiVersion ?? '4.12' },
  );
}

/** Labels of `text` as `archetype:text` strings, in text order. */
export function labelsOf(dictionaries: Record<string, string>, text: string, language: NluLanguage = 'fr'): string[] {
  const { engine } = build(dictionaries, { language });
  return analyseText(engine!, text, { language, multipleInteractions: true, labeling: true }).labels.map((l) => `${l.archetype}:${l.text}`);
}

export function analyse(
  dictionaries: Record<string, string>,
  contexts: ContextSource[],
  text: string,
  extra: Partial<AnalyseOptions> & { functions?: InteractionFunctionSource[] } = {},
) {
  const { engine, errors } = build(dictionaries, { contexts, functions: extra.functions });
  if (errors.length > 0) throw new Error(errors.map((e) => e.message).join('; '));
  return analyseText(engine!, text, { language: 'fr', multipleInteractions: true, labeling: true, now: new Date(2026, 2, 10), ...extra });
}

export function context(interactions: InteractionSource[], neutralizers: string[] = []): ContextSource {
  return { name: 'main', languages: ['fr'], neutralizers, interactions };
}
