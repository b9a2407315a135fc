/**
 * The compiled NLU the matcher walks (src/nlu/matcher.ts), built by compileNlu (src/nlu/compile.ts):
 * per language a word table (exact folded forms, stems and a typo trie) and, for each word, the
 * expressions that start with it.
 */
import type { Builtin } from './builtins';
import type { InlineRegex } from './regex';
import { stemmerFor, type Stem } from './stemmer';
import { TypoIndex } from './typo-index';
import type { ContextSource, InteractionFunctionSource, NluLanguage } from './types';

export interface CompiledEntry {
  value: string;
  label: string;
  valueFromMatch: boolean;
  parents: { id: string; label: string }[];
}

export type CompiledElement = { k: 'w'; id: number } | { k: 'r'; arch: number } | { k: 'x'; re: InlineRegex };

export interface CompiledExpression {
  arch: number;
  entry: CompiledEntry;
  elements: CompiledElement[];
  /** The element whose sub-match gives the value and the path (the only reference), or -1. */
  soleRef: number;
}

/**
 * Word ids: one id (nearly every key of a large dictionary) or several. A plain number spares an
 * array per word: 100,000 entries build several hundred thousand fewer objects, which the garbage
 * collector would otherwise copy while the index grows.
 */
export type IdList = number | number[];

export function addId<K>(map: Map<K, IdList>, key: K, id: number): void {
  const ids = map.get(key);
  if (ids === undefined) map.set(key, id);
  else if (typeof ids === 'number') map.set(key, [ids, id]);
  else ids.push(id);
}

/** Appends the ids of `ids` (if any) to `out`. */
export function pushIds(out: number[], ids: IdList | undefined): void {
  if (ids === undefined) return;
  if (typeof ids === 'number') out.push(ids);
  else for (const id of ids) out.push(id);
}

export interface LanguageIndex {
  language: NluLanguage;
  stem: Stem | null;
  exact: Map<string, IdList>;
  stems: Map<string, IdList>;
  typo: TypoIndex;
  /** Word ids of each typo index word, by its index. */
  typoIds: IdList[];
  /** Expressions by their first word (indexed by word id), all archetypes together (the scan) and per archetype (references). */
  /** (One expression or several: most words start one expression, and an array each would be
   * 100,000s more objects to build and collect.) */
  firstWord: (CompiledExpression | CompiledExpression[] | undefined)[];
  anyStart: CompiledExpression[];
  archFirst: Map<number, Map<number, CompiledExpression[]>>;
  archAny: Map<number, CompiledExpression[]>;
  /** Token folded form → word ids it satisfies (bounded cache). */
  tokenCache: Map<string, number[]>;
  wordCount: number;
}

export interface CompiledNlu {
  /** User archetypes first, then the builtins. */
  archetypes: { name: string; builtin: Builtin | null }[];
  archIndex: Map<string, number>;
  languages: Map<NluLanguage, LanguageIndex>;
  contexts: ContextSource[];
  functions: Map<string, InteractionFunctionSource>;
  /** Builtins a parameter uses: they take part in the scan and the labels. */
  builtinsInUse: Set<number>;
}

export function emptyLanguageIndex(language: NluLanguage): LanguageIndex {
  return {
    language,
    stem: stemmerFor(language),
    exact: new Map(),
    stems: new Map(),
    typo: new TypoIndex(),
    typoIds: [],
    firstWord: [],
    anyStart: [],
    archFirst: new Map(),
    archAny: new Map(),
    tokenCache: new Map(),
    wordCount: 0,
  };
}
