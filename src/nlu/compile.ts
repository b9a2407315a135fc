/**
 * compileNlu: parses every archetype dictionary per language, checks references, cycles and
 * interactions, and builds the indexes the matcher walks: a word table (exact folded forms, stems,
 * and a typo trie), and for each word the expressions that start with it.
 */
import { BUILTINS, BUILTIN_NAMES } from './builtins';
import { parseDictionary } from './dictionary';
import { allowedTypos } from './typo-index';
import { addId, emptyLanguageIndex, type CompiledElement, type CompiledEntry, type CompiledExpression, type CompiledNlu, type LanguageIndex } from './language-index';
import type {
  CompileOptions,
  ContextSource,
  InteractionSource,
  NluConfigError,
  NluLanguage,
  NluSource,
} from './types';

export function versionAtLeast(version: string, major: number, minor: number): boolean {
  const m = /(\d+)\.(\d+)/.exec(version ?? '');
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a > major || (a === major && b >= minor);
}

const DIGIT = /\d/;
const NO_PARENTS: CompiledEntry['parents'] = [];

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

interface ParsedArchetype {
  arch: number;
  /** Elements compiled as each dictionary is parsed, so its parse tree is dropped at once (on
   * 100,000 entries, keeping every tree until the end made the garbage collector copy them all). */
  expressions: { line: number; elements: CompiledElement[]; entry: CompiledEntry }[];
  spellcheck: boolean;
  variation: boolean;
}

/** Reports reference cycles (one error per back edge) and returns the edges to drop. */
function findCycles(
  parsed: ParsedArchetype[],
  names: string[],
  language: NluLanguage,
  errors: NluConfigError[],
): Set<string> {
  const byArch = new Map(parsed.map((p) => [p.arch, p]));
  const state = new Map<number, 1 | 2>();
  const stack: number[] = [];
  const dropped = new Set<string>();
  const visit = (arch: number): void => {
    state.set(arch, 1);
    stack.push(arch);
    for (const expression of byArch.get(arch)?.expressions ?? []) {
      for (const element of expression.elements) {
        if (element.k !== 'r') continue;
        const target = element.arch;
        if (!byArch.has(target)) continue;
        if (state.get(target) === 1) {
          const key = `${arch}>${target}`;
          if (!dropped.has(key)) {
            dropped.add(key);
            const cycle = [...stack.slice(stack.indexOf(target)), target].map((a) => names[a]).join(' → ');
            errors.push({
              code: 'archetypeCycle',
              archetype: names[arch],
              language,
              line: expression.line,
              params: { line: expression.line, cycle },
              message: `line ${expression.line}: reference cycle ${cycle}`,
            });
          }
        } else if (!state.has(target)) visit(target);
      }
    }
    stack.pop();
    state.set(arch, 2);
  };
  for (const p of parsed) if (!state.has(p.arch)) visit(p.arch);
  return dropped;
}

function buildLanguage(
  language: NluLanguage,
  source: NluSource,
  archIndex: Map<string, number>,
  names: string[],
  errors: NluConfigError[],
): LanguageIndex {
  const index = emptyLanguageIndex(language);
  // One map per kind of word (stemmed or exact, with or without typos): no key to build per word.
  const wordIds = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  // One element object per word id, shared by the expressions that use the word.
  const wordElements: CompiledElement[] = [];
  const wordElement = (id: number): CompiledElement => (wordElements[id] ??= { k: 'w', id });
  /** The typo index entry of each word id with typos. */
  const typoIndexOf: number[] = [];
  const wordId = (folded: string, variation: boolean, spellcheck: boolean): number => {
    const stemmed = variation && index.stem !== null;
    const typos = spellcheck && allowedTypos(folded.length) > 0 && !DIGIT.test(folded);
    const kind = (stemmed ? 2 : 0) + (typos ? 1 : 0);
    const ids = wordIds[kind]!;
    let id = ids.get(folded);
    if (id !== undefined) return id;
    id = index.wordCount++;
    ids.set(folded, id);
    if (stemmed) addId(index.stems, index.stem!(folded), id);
    else addId(index.exact, folded, id);
    if (typos) {
      // The typo index holds each folded word once: a word of both kinds with typos (stemmed and
      // exact) shares its entry, found through the other kind's id.
      const other = wordIds[kind ^ 2]!.get(folded);
      if (other === undefined) {
        const t = index.typo.addNew(folded);
        typoIndexOf[id] = t;
        index.typoIds[t] = id;
      } else {
        const t = typoIndexOf[other]!;
        typoIndexOf[id] = t;
        const ids = index.typoIds[t]!;
        index.typoIds[t] = typeof ids === 'number' ? [ids, id] : [...ids, id];
      }
    }
    return id;
  };
  const parsed: ParsedArchetype[] = [];
  for (const archetype of source.archetypes) {
    const text = archetype.dictionaries?.[language];
    if (typeof text !== 'string') continue;
    const arch = archIndex.get(archetype.name)!;
    const dictionary = parseDictionary(text, language);
    for (const e of dictionary.errors) errors.push({ ...e, archetype: archetype.name, language });
    const entries = dictionary.entries;
    const { spellcheck, variation } = dictionary.directives;
    const compiledEntries: CompiledEntry[] = entries.map((entry) => {
      const parents: CompiledEntry['parents'] = entry.parent >= 0 ? [] : NO_PARENTS;
      for (let p = entry.parent; p >= 0; p = entries[p]!.parent) parents.push({ id: entries[p]!.value, label: entries[p]!.label });
      return { value: entry.value, label: entry.label, valueFromMatch: entry.valueFromMatch, parents };
    });
    const expressions: ParsedArchetype['expressions'] = [];
    entries.forEach((entry, i) => {
      for (const expression of entry.expressions) {
        const unknown = expression.elements.find((e) => e.kind === 'ref' && !archIndex.has(e.name));
        if (unknown && unknown.kind === 'ref') {
          errors.push({
            code: 'unknownArchetype',
            archetype: archetype.name,
            language,
            line: expression.line,
            params: { line: expression.line, name: unknown.name },
            message: `line ${expression.line}: the sub-archetype ${unknown.name} does not exist`,
          });
          continue;
        }
        const elements: CompiledElement[] = expression.elements.map((e) =>
          e.kind === 'word'
            ? wordElement(wordId(e.folded, variation, spellcheck))
            : e.kind === 'ref'
              ? { k: 'r', arch: archIndex.get(e.name)! }
              : { k: 'x', re: e.regex },
        );
        expressions.push({ line: expression.line, elements, entry: compiledEntries[i]! });
      }
    });
    parsed.push({ arch, expressions, spellcheck, variation });
  }
  const dropped = findCycles(parsed, names, language, errors);
  // Per-archetype indexes serve references only: build them for referenced archetypes.
  const referenced = new Set<number>();
  for (const p of parsed) for (const x of p.expressions) for (const e of x.elements) if (e.k === 'r') referenced.add(e.arch);
  for (const p of parsed) {
    for (const expression of p.expressions) {
      if (dropped.size > 0 && expression.elements.some((e) => e.k === 'r' && dropped.has(`${p.arch}>${e.arch}`))) continue;
      const elements = expression.elements;
      const refs = elements.filter((e) => e.k === 'r').length;
      const compiled: CompiledExpression = {
        arch: p.arch,
        entry: expression.entry,
        elements,
        soleRef: refs === 1 && expression.entry.valueFromMatch ? elements.findIndex((e) => e.k === 'r') : -1,
      };
      const first = elements[0]!;
      if (first.k === 'w') {
        const list = index.firstWord[first.id];
        if (list === undefined) index.firstWord[first.id] = compiled;
        else if (Array.isArray(list)) list.push(compiled);
        else index.firstWord[first.id] = [list, compiled];
        if (referenced.has(p.arch)) {
          let perArch = index.archFirst.get(p.arch);
          if (!perArch) index.archFirst.set(p.arch, (perArch = new Map()));
          pushTo(perArch, first.id, compiled);
        }
      } else {
        index.anyStart.push(compiled);
        pushTo(index.archAny, p.arch, compiled);
      }
    }
  }
  index.typo.build();
  return index;
}

function checkInteractions(
  source: NluSource,
  archIndex: Map<string, number>,
  options: CompileOptions,
  errors: NluConfigError[],
): { contexts: ContextSource[]; builtinsInUse: Set<number> } {
  const functionNames = new Set((source.functions ?? []).map((f) => f.name));
  const builtinsInUse = new Set<number>();
  const distanceAllowed = versionAtLeast(options.aiVersion, 4, 12);
  const contexts = (source.contexts ?? []).map((context) => {
    const interactions: InteractionSource[] = [];
    for (const interaction of context.interactions ?? []) {
      const where = { context: context.name, interaction: interaction.id };
      let usable = true;
      if (interaction.distance === -1 && !distanceAllowed) {
        errors.push({
          ...where,
          code: 'distanceNeedsVersion',
          params: { version: options.aiVersion },
          message: `interaction ${interaction.id}: distance -1 needs AI version 4.12 or higher (${options.aiVersion})`,
        });
        usable = false;
      }
      const seen = new Set<string>();
      for (const parameter of interaction.parameters ?? []) {
        if (seen.has(parameter.name)) {
          errors.push({
            ...where,
            code: 'duplicateParameter',
            params: { name: parameter.name },
            message: `interaction ${interaction.id}: parameter ${parameter.name} is declared twice`,
          });
          usable = false;
        }
        seen.add(parameter.name);
        const arch = archIndex.get(parameter.archetype);
        if (arch === undefined) {
          errors.push({
            ...where,
            code: 'unknownArchetype',
            params: { name: parameter.archetype },
            message: `interaction ${interaction.id}: the archetype ${parameter.archetype} does not exist`,
          });
          usable = false;
        } else if (BUILTIN_NAMES.has(parameter.archetype)) builtinsInUse.add(arch);
      }
      const functions = (interaction.functions ?? []).filter((name) => {
        if (functionNames.has(name)) return true;
        errors.push({
          ...where,
          code: 'unknownInteractionFunction',
          params: { name },
          message: `interaction ${interaction.id}: the interaction function ${name} does not exist`,
        });
        return false;
      });
      if (usable) interactions.push({ ...interaction, functions });
    }
    return { ...context, interactions };
  });
  return { contexts, builtinsInUse };
}

export function compileNlu(source: NluSource, options: CompileOptions): { engine: CompiledNlu | null; errors: NluConfigError[] } {
  const errors: NluConfigError[] = [];
  if (!source || !Array.isArray(source.archetypes)) return { engine: null, errors };
  const archetypes: CompiledNlu['archetypes'] = [];
  const archIndex = new Map<string, number>();
  for (const a of source.archetypes) {
    if (archIndex.has(a.name) || BUILTIN_NAMES.has(a.name)) continue;
    archIndex.set(a.name, archetypes.length);
    archetypes.push({ name: a.name, builtin: null });
  }
  for (const b of BUILTINS) {
    archIndex.set(b.name, archetypes.length);
    archetypes.push({ name: b.name, builtin: b });
  }
  const names = archetypes.map((a) => a.name);
  const languages = new Map<NluLanguage, LanguageIndex>();
  const used = new Set<NluLanguage>();
  for (const a of source.archetypes) for (const l of Object.keys(a.dictionaries ?? {})) used.add(l as NluLanguage);
  for (const language of used) languages.set(language, buildLanguage(language, source, archIndex, names, errors));
  const { contexts, builtinsInUse } = checkInteractions(source, archIndex, options, errors);
  const functions = new Map((source.functions ?? []).map((f) => [f.name, f]));
  return { engine: { archetypes, archIndex, languages, contexts, functions, builtinsInUse }, errors };
}
