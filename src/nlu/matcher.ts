/**
 * Finds archetype matches in one text: at each word, the expressions whose first word the token
 * satisfies (exactly, by stem, or within the typo tolerance) plus those starting with a reference
 * or a regex are tried; references recurse (memoised per archetype and word, cycles were refused
 * at compile time). Each expression keeps its longest match. `resolve` then applies "longest match
 * wins" across archetypes.
 */
import { emptyLanguageIndex, pushIds, type CompiledExpression, type CompiledNlu, type LanguageIndex } from './language-index';
import { tokenize, type Token } from './normalise';
import { REGEX_WINDOW } from './regex';
import type { NluLanguage } from './types';

export interface Match {
  arch: number;
  /** Token range [first, last). */
  first: number;
  last: number;
  /** UTF-16 offsets in the original text. */
  start: number;
  end: number;
  value: string;
  path: string[];
  parents: { id: string; label: string }[];
}

const NONE: number[] = [];
/** Walk steps allowed per expression attempt: references can branch. */
const STEP_LIMIT = 2000;

export class Scan {
  readonly tokens: Token[];
  private readonly ids: (number[] | undefined)[];
  private readonly memo = new Map<number, Match[]>();
  private readonly builtinMatches = new Map<number, Map<number, Match[]>>();
  readonly lang: LanguageIndex;

  constructor(
    readonly engine: CompiledNlu,
    readonly text: string,
    readonly language: NluLanguage,
    readonly now: Date,
  ) {
    this.lang = engine.languages.get(language) ?? emptyLanguageIndex(language);
    this.tokens = tokenize(text, language);
    this.ids = new Array(this.tokens.length);
  }

  /** Word ids token `j` satisfies. */
  private idsAt(j: number): number[] {
    let ids = this.ids[j];
    if (ids) return ids;
    const token = this.tokens[j]!;
    const lang = this.lang;
    ids = lang.tokenCache.get(token.folded);
    if (!ids) {
      const exact = lang.exact.get(token.folded);
      const stemmed = lang.stem && !token.numeric ? lang.stems.get(lang.stem(token.folded)) : lang.stems.get(token.folded);
      const found: number[] = [];
      pushIds(found, exact);
      pushIds(found, stemmed);
      // A word of the dictionary (exact or inflected) is not looked up for typos.
      if (found.length === 0 && !token.numeric && lang.typo.words.length > 0) {
        for (const w of lang.typo.search(token.folded)) pushIds(found, lang.typoIds[w]);
      }
      ids = found.length > 0 ? found : NONE;
      if (lang.tokenCache.size > 200_000) lang.tokenCache.clear();
      lang.tokenCache.set(token.folded, ids);
    }
    this.ids[j] = ids;
    return ids;
  }

  /** The token that ends exactly at `offset`, searching from `from`, or -1. */
  private tokenEndingAt(offset: number, from: number): number {
    for (let e = from; e < this.tokens.length; e++) {
      const end = this.tokens[e]!.end;
      if (end === offset) return e;
      if (end > offset) return -1;
    }
    return -1;
  }

  private builtinAt(arch: number, i: number): Match[] {
    let byStart = this.builtinMatches.get(arch);
    if (!byStart) {
      byStart = new Map();
      this.builtinMatches.set(arch, byStart);
      const builtin = this.engine.archetypes[arch]!.builtin!;
      let found: ReturnType<typeof builtin.find>;
      try {
        found = builtin.find(this.text, this.language, this.now);
      } catch {
        found = [];
      }
      let t = 0;
      for (const m of found) {
        while (t < this.tokens.length && this.tokens[t]!.end <= m.start) t++;
        let b = t;
        while (b < this.tokens.length && this.tokens[b]!.start < m.end) b++;
        // Never inside a word: every token the span touches lies wholly inside it.
        if (b === t || this.tokens[t]!.start < m.start || this.tokens[b - 1]!.end > m.end) continue;
        const match: Match = { arch, first: t, last: b, start: m.start, end: m.end, value: m.value, path: [this.engine.archetypes[arch]!.name], parents: [] };
        const list = byStart.get(t);
        if (list) list.push(match);
        else byStart.set(t, [match]);
      }
    }
    return byStart.get(i) ?? [];
  }

  /** Every match of archetype `arch` starting at token `i` (the longest per expression). */
  matchesOf(arch: number, i: number): Match[] {
    if (this.engine.archetypes[arch]!.builtin) return this.builtinAt(arch, i);
    const key = arch * (this.tokens.length + 1) + i;
    const cached = this.memo.get(key);
    if (cached) return cached;
    this.memo.set(key, []);
    const out: Match[] = [];
    if (i < this.tokens.length) {
      const perArch = this.lang.archFirst.get(arch);
      if (perArch) for (const id of this.idsAt(i)) for (const e of perArch.get(id) ?? NONE_EXPR) this.tryExpression(e, i, out);
      for (const e of this.lang.archAny.get(arch) ?? NONE_EXPR) this.tryExpression(e, i, out);
    }
    this.memo.set(key, out);
    return out;
  }

  /** Matches `expression` from token `i`; pushes its longest match to `out`. */
  tryExpression(expression: CompiledExpression, i: number, out: Match[]): void {
    const elements = expression.elements;
    let bestLast = -1;
    let bestSub: Match | null = null;
    let steps = 0;
    const walk = (k: number, j: number, sub: Match | null): void => {
      if (++steps > STEP_LIMIT) return;
      if (k === elements.length) {
        if (j > bestLast) {
          bestLast = j;
          bestSub = sub;
        }
        return;
      }
      if (j >= this.tokens.length) return;
      const element = elements[k]!;
      if (element.k === 'w') {
        if (this.idsAt(j).includes(element.id)) walk(k + 1, j + 1, sub);
      } else if (element.k === 'r') {
        for (const m of this.matchesOf(element.arch, j)) walk(k + 1, m.last, k === expression.soleRef ? m : sub);
      } else {
        const start = this.tokens[j]!.start;
        const length = element.re.prefixMatch(this.text.slice(start, start + REGEX_WINDOW));
        if (length > 0) {
          const e = this.tokenEndingAt(start + length, j);
          if (e >= 0) walk(k + 1, e + 1, sub);
        }
      }
    };
    walk(0, i, null);
    if (bestLast < 0) return;
    const start = this.tokens[i]!.start;
    const end = this.tokens[bestLast - 1]!.end;
    const entry = expression.entry;
    const name = this.engine.archetypes[expression.arch]!.name;
    const sub = bestSub as Match | null;
    out.push({
      arch: expression.arch,
      first: i,
      last: bestLast,
      start,
      end,
      value: entry.valueFromMatch ? (sub ? sub.value : this.text.slice(start, end)) : entry.value,
      path: sub ? [name, ...sub.path] : [name],
      parents: entry.parents,
    });
  }

  /** Every archetype's matches in the text, plus the builtins in `builtins`. */
  all(builtins: Iterable<number>): Match[] {
    const out: Match[] = [];
    const lang = this.lang;
    for (let i = 0; i < this.tokens.length; i++) {
      for (const id of this.idsAt(i)) {
        const starting = lang.firstWord[id];
        if (starting === undefined) continue;
        if (Array.isArray(starting)) for (const e of starting) this.tryExpression(e, i, out);
        else this.tryExpression(starting, i, out);
      }
      for (const e of lang.anyStart) this.tryExpression(e, i, out);
    }
    for (const arch of builtins) {
      this.builtinAt(arch, 0);
      for (const list of this.builtinMatches.get(arch)!.values()) out.push(...list);
    }
    return out;
  }
}

const NONE_EXPR: CompiledExpression[] = [];

/**
 * Longest match wins: matches are taken longest first, and one that overlaps an accepted match is
 * dropped, unless it covers exactly the same span for another archetype (both are kept).
 */
export function resolve(matches: Match[], tokenCount: number): Match[] {
  const sorted = [...matches].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || a.arch - b.arch);
  const owner = new Int32Array(tokenCount).fill(-1);
  const accepted: Match[] = [];
  for (const m of sorted) {
    let free = true;
    let same = true;
    for (let t = m.first; t < m.last; t++) {
      const o = owner[t]!;
      if (o < 0) {
        same = false;
        continue;
      }
      free = false;
      const other = accepted[o]!;
      if (other.first !== m.first || other.last !== m.last) same = false;
    }
    if (free) {
      for (let t = m.first; t < m.last; t++) owner[t] = accepted.length;
      accepted.push(m);
    } else if (same && !accepted.some((a) => a.arch === m.arch && a.first === m.first && a.last === m.last)) {
      accepted.push(m);
    }
  }
  return accepted.sort((a, b) => a.start - b.start || a.arch - b.arch);
}

/** Drops every match that overlaps a neutralizer's match (neutralizer matches stay). */
export function neutralize(matches: Match[], neutralizers: Set<number>): Match[] {
  if (neutralizers.size === 0) return matches;
  const swallowed = matches.filter((m) => neutralizers.has(m.arch));
  return matches.filter(
    (m) => neutralizers.has(m.arch) || !swallowed.some((n) => n.start < m.end && m.start < n.end),
  );
}
