/**
 * TEMPORARY stand-in for the NLU engine (branch nlu-engine replaces this whole file at merge).
 *
 * It implements only what the server side (branch nlu-server) needs to run its tests: exact,
 * case- and accent-insensitive matches of single-word dictionary items, archetype references
 * checked for existence, `distance: -1` checked against the AI version, interaction completeness
 * and labels. No regexes, no stemming, no typo tolerance, no builtins, no functions, no ordering.
 * The server's tests only use sentences whose results any correct engine gives.
 */
import type { NluResult } from '../contract/modules/nlu';
import type { AnalyseOptions, CompileOptions, NluConfigError, NluLanguage, NluSource } from './types';

interface Entry {
  archetype: string;
  value: string;
}

export interface CompiledNlu {
  source: NluSource;
  /** language → folded word → entries */
  words: Map<string, Map<string, Entry[]>>;
}

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function versionAtLeast(version: string, major: number, minor: number): boolean {
  const match = /(\d+)\.(\d+)/.exec(version);
  if (match === null) return false;
  const [a, b] = [Number(match[1]), Number(match[2])];
  return a > major || (a === major && b >= minor);
}

export function compileNlu(source: NluSource, options: CompileOptions): { engine: CompiledNlu | null; errors: NluConfigError[] } {
  const errors: NluConfigError[] = [];
  const known = new Set(source.archetypes.map((archetype) => archetype.name));
  // Builtins (`@date`, `@amount`…) are the real engine's; here they are known but never match.
  const isKnown = (name: string) => known.has(name) || name.startsWith('@');
  const words = new Map<string, Map<string, Entry[]>>();
  for (const archetype of source.archetypes) {
    for (const [language, text] of Object.entries(archetype.dictionaries) as [NluLanguage, string][]) {
      const lines = (text ?? '').split('\n');
      const idOn = lines.some((line) => line.trim() === '#ID_ON');
      lines.forEach((raw, index) => {
        const line = raw.trim();
        if (line === '' || line.startsWith('//') || line.startsWith('#') || line.startsWith('->')) return;
        for (const [, name] of line.matchAll(/\[\[([^\]]+)\]\]/g)) {
          if (!isKnown(name!)) {
            errors.push({
              code: 'unknownArchetype',
              archetype: archetype.name,
              language,
              line: index + 1,
              params: { name: name! },
              message: `Sub-archetype "${name}" does not exist`,
            });
          }
        }
        const items = line.split(';').map((item) => item.trim()).filter((item) => item !== '');
        const value = items[0] ?? '';
        for (const item of idOn ? items.slice(1) : items) {
          if (!/^[\p{L}\p{N}]+$/u.test(item)) continue;
          const byWord = words.get(language) ?? new Map<string, Entry[]>();
          words.set(language, byWord);
          byWord.set(fold(item), [...(byWord.get(fold(item)) ?? []), { archetype: archetype.name, value }]);
        }
      });
    }
  }
  const functions = new Set(source.functions.map((fn) => fn.name));
  for (const context of source.contexts) {
    for (const interaction of context.interactions) {
      if (interaction.distance === -1 && !versionAtLeast(options.aiVersion, 4, 12)) {
        errors.push({
          code: 'distanceNeedsVersion',
          context: context.name,
          interaction: interaction.id,
          params: { version: options.aiVersion },
          message: 'Interaction distance needs NLU version 4.12 or higher',
        });
      }
      for (const parameter of interaction.parameters) {
        if (!isKnown(parameter.archetype)) {
          errors.push({
            code: 'unknownArchetype',
            context: context.name,
            interaction: interaction.id,
            params: { name: parameter.archetype },
            message: `Sub-archetype "${parameter.archetype}" does not exist`,
          });
        }
      }
      for (const fn of interaction.functions) {
        if (!functions.has(fn)) {
          errors.push({
            code: 'unknownInteractionFunction',
            context: context.name,
            interaction: interaction.id,
            params: { name: fn },
            message: `Interaction function "${fn}" does not exist`,
          });
        }
      }
    }
  }
  return { engine: { source, words }, errors };
}

export function analyseText(engine: CompiledNlu, text: string, options: AnalyseOptions): NluResult {
  const language: NluLanguage = options.language === 'auto' ? (options.candidates?.[0] ?? 'fr') : options.language;
  const dictionary = engine.words.get(language) ?? new Map<string, Entry[]>();
  const found: { start: number; end: number; text: string; entry: Entry }[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    for (const entry of dictionary.get(fold(match[0])) ?? []) {
      found.push({ start: match.index, end: match.index + match[0].length, text: match[0], entry });
    }
  }
  const interactions: NluResult['interactions'] = [];
  for (const context of engine.source.contexts) {
    if (options.contexts !== undefined && !options.contexts.includes(context.name)) continue;
    if (!context.languages.includes(language)) continue;
    for (const interaction of context.interactions) {
      if (!interaction.enabled) continue;
      const used = new Set<number>();
      const parameters: NluResult['interactions'][number]['parameters'] = {};
      const missing: string[] = [];
      for (const parameter of [...interaction.parameters].sort((a, b) => a.position - b.position)) {
        const hits = found.filter((hit) => hit.entry.archetype === parameter.archetype && !used.has(hit.start));
        const taken = parameter.multiple ? hits : hits.slice(0, 1);
        for (const hit of taken) used.add(hit.start);
        if (taken.length === 0) {
          if (!parameter.optional) missing.push(parameter.name);
          continue;
        }
        parameters[parameter.name] = taken.map((hit) => ({
          value: hit.entry.value,
          text: hit.text,
          start: hit.start,
          end: hit.end,
          archetype: hit.entry.archetype,
          path: [hit.entry.archetype],
          parents: [],
        }));
      }
      if (Object.keys(parameters).length === 0) continue;
      interactions.push({ id: interaction.id, context: context.name, complete: missing.length === 0, missing, parameters });
    }
  }
  const complete = interactions.filter((interaction) => interaction.complete);
  const chosen = options.multipleInteractions ? complete : complete.slice(0, 1);
  const incomplete = interactions.filter((interaction) => !interaction.complete);
  return {
    language,
    interactions: [...chosen, ...incomplete],
    labels: options.labeling
      ? found.map((hit) => ({ start: hit.start, end: hit.end, archetype: hit.entry.archetype, text: hit.text }))
      : [],
  };
}
