/**
 * analyseText: one block of text → detected language, interactions and labels. Never throws: any
 * failure inside yields an empty result for the language.
 */
import type { CompiledNlu } from './language-index';
import { applyFunctions, type Found } from './functions';
import { assign } from './interactions';
import { detectLanguage } from './language';
import { neutralize, resolve, Scan, type Match } from './matcher';
import type { AnalyseOptions, NluLanguage, NluResult } from './types';
import type { NluInteractionResult, NluValue } from '../contract/modules/nlu';
import { inResponseFormat } from './response-format';

function toValue(scan: Scan, m: Match): NluValue {
  return {
    value: m.value,
    text: scan.text.slice(m.start, m.end),
    start: m.start,
    end: m.end,
    archetype: scan.engine.archetypes[m.arch]!.name,
    path: m.path,
    parents: m.parents,
  };
}

function analyse(engine: CompiledNlu, text: string, options: AnalyseOptions, language: NluLanguage): NluResult {
  const scan = new Scan(engine, text, language, options.now instanceof Date && !Number.isNaN(options.now.getTime()) ? options.now : new Date());
  const raw = scan.all(engine.builtinsInUse);
  const contexts = engine.contexts.filter(
    (c) =>
      (!options.contexts || options.contexts.includes(c.name)) &&
      (!c.languages || c.languages.length === 0 || c.languages.includes(language)),
  );
  const neutralizersOf = (names: string[]) =>
    new Set(names.map((n) => engine.archIndex.get(n)).filter((a): a is number => a !== undefined));

  const found: (Found & { order: number; parameters: { name: string; optional: boolean }[]; functions: string[] })[] = [];
  let order = 0;
  for (const context of contexts) {
    const matches = resolve(neutralize(raw, neutralizersOf(context.neutralizers ?? [])), scan.tokens.length);
    for (const interaction of context.interactions) {
      order += 1;
      if (!interaction.enabled || interaction.parameters.length === 0) continue;
      const values = assign(engine, interaction, matches);
      const complete = interaction.parameters.every((p) => p.optional || values.has(p.name));
      found.push({
        id: interaction.id,
        context: context.name,
        complete,
        values,
        order,
        parameters: interaction.parameters.map((p) => ({ name: p.name, optional: p.optional })),
        functions: interaction.functions ?? [],
      });
    }
  }
  const ctx = { text, tokens: scan.tokens, language, all: found };
  const results: (NluInteractionResult & { order: number; first: number; count: number })[] = [];
  for (const f of found) {
    const fns = f.functions.map((n) => engine.functions.get(n)).filter((fn) => fn !== undefined);
    const values = fns.length > 0 ? applyFunctions(f, fns, ctx) : f.values;
    if (!values || values.size === 0) continue;
    const missing = f.parameters.filter((p) => !p.optional && !values.has(p.name)).map((p) => p.name);
    const parameters: Record<string, NluValue[]> = {};
    let first = Infinity;
    for (const [name, list] of values) {
      parameters[name] = list.map((m) => toValue(scan, m));
      for (const m of list) first = Math.min(first, m.start);
    }
    results.push({ id: f.id, context: f.context, complete: missing.length === 0, missing, parameters, order: f.order, first, count: values.size });
  }
  // Best first: complete, then most parameters found, then earliest, then declaration order.
  results.sort(
    (a, b) => Number(b.complete) - Number(a.complete) || b.count - a.count || a.first - b.first || a.order - b.order,
  );
  const chosen = options.multipleInteractions ? results : results.slice(0, 1);
  const interactions = chosen.map(({ id, context, complete, missing, parameters }) => ({ id, context, complete, missing, parameters }));

  const labels = options.labeling
    ? resolve(neutralize(raw, neutralizersOf(contexts.flatMap((c) => c.neutralizers ?? []))), scan.tokens.length).map((m) => ({
        start: m.start,
        end: m.end,
        archetype: engine.archetypes[m.arch]!.name,
        text: text.slice(m.start, m.end),
      }))
    : [];
  return { language, interactions, labels };
}

export function analyseText(engine: CompiledNlu, text: string, options: AnalyseOptions): NluResult {
  const input = typeof text === 'string' ? text : String(text ?? '');
  let language: NluLanguage = 'fr';
  try {
    language =
      options.language === 'auto' || !options.language
        ? detectLanguage(input, options.candidates && options.candidates.length > 0 ? options.candidates : undefined)
        : options.language;
    return inResponseFormat(analyse(engine, input, options, language), options.responseFormat ?? 'V5');
  } catch {
    return { language, interactions: [], labels: [] };
  }
}
