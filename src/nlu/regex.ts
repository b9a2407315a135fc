/**
 * Inline regexes `<<…>>` are written in the original platform's PCRE dialect. This translates what
 * JavaScript can express and refuses the rest, with the reason:
 *   (?P<name>…) (?'name'…) → (?<name>…)     (?P=name) \k{name} \k'name' \g{1} → back-references
 *   \A → ^   \z \Z → $   \h \H → [\t \u00a0] / its negation   \Q…\E → escaped literal
 *   (?#comment) → removed   a leading (?i) → nothing (regexes always ignore case)
 *   atomic group (?>X) and possessive quantifier X*+ (X++ X?+ X{n,m}+) → (?:(?=(?<pcreAtomicN>X))\k<pcreAtomicN>),
 *   the exact equivalent: a look-ahead never gives back what it matched, and the back-reference
 *   consumes it. Such a pattern names its numbered groups (`pcreGroupN`) so that the groups added
 *   do not shift the numbers its back-references use.
 * Refused: recursion (?R) (?1) (?&n) (?P>n), conditionals (?(…)…), branch reset (?|…),
 * \G \K \X \C, other inline flags, a possessive quantifier right after \Q…\E.
 *
 * Catastrophic backtracking: in a regex JavaScript's engine must run (below), a group repeated by
 * *, + or {n,m} (m > 1) may contain neither a quantifier ((a+)+, (a?)*, (\w*\s?)*) nor an
 * alternation ((a|aa)*: write a class [ab]+ or repeat outside the choice) — those are what make
 * backtracking exponential — and is refused at compile time.
 *
 * Regexes then run on RE2 (RE2JS), whose time is linear in the text whatever the pattern: stacked
 * quantifiers such as `\w*\w*\w*\w*!`, which the check above lets through and JavaScript's engine
 * backtracks on for seconds, answer at once. RE2 has no back-references and no look-arounds; a
 * regex that needs them (the dialect's `(?P=name)`, `\g{1}`, `(?=…)`, `(?<!…)`…, kept because
 * imported dictionaries use them) runs on JavaScript's engine, where the check above and the
 * window below keep it polynomial and short. The matcher runs each regex only on a window of
 * REGEX_WINDOW characters starting at a word, so one attempt stays bounded whatever the text.
 */
import { RE2JS } from 're2js';
import { toRe2Syntax } from '../regex/re2-syntax';

export const REGEX_WINDOW = 200;

/**
 * Why a regex is refused. `params` fill the console's sentence (no English of ours on
 * screen): `regexSyntax { problem }` and `unsupportedRegex { construct }` are codes of ours
 * (`REGEX_PROBLEMS`, `REGEX_CONSTRUCTS`, texts `nlu:regexProblems.*` / `nlu:regexConstructs.*`);
 * `badRegex { reason }` is the JavaScript regex engine's own message, shown labelled as its message;
 * `unknownAlias { name }`. `detail` is the English text for logs and the CLI.
 */
export interface RegexProblem {
  code: 'badRegex' | 'regexSyntax' | 'unsupportedRegex' | 'unknownAlias';
  params: Record<string, string>;
  detail: string;
}

export const REGEX_PROBLEMS = ['trailingBackslash', 'unterminatedReference', 'unmatchedParen', 'unterminatedClass', 'unterminatedGroup'] as const;
export type RegexSyntaxProblem = (typeof REGEX_PROBLEMS)[number];
export const REGEX_CONSTRUCTS = [
  'escape',
  'posixClass',
  'branchReset',
  'conditional',
  'recursion',
  'inlineFlags',
  'possessiveQuantifier',
  'nestedQuantifier',
  'alternationUnderRepeat',
] as const;
export type RegexConstruct = (typeof REGEX_CONSTRUCTS)[number];

const syntaxProblem = (problem: RegexSyntaxProblem, detail: string): RegexProblem => ({ code: 'regexSyntax', params: { problem }, detail });

const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);

/** Replaces `#name#` with the alias's pattern; unknown names are refused. */
export function expandAliases(source: string, aliases: Map<string, string>): string | RegexProblem {
  let problem: RegexProblem | null = null;
  const out = source.replace(/#([A-Za-z_][\w-]*)#/g, (whole, name: string) => {
    const alias = aliases.get(name);
    if (alias === undefined) {
      problem ??= { code: 'unknownAlias', params: { name }, detail: name };
      return whole;
    }
    return `(?:${alias})`;
  });
  return problem ?? out;
}

interface Group {
  /** Contains a quantifier (of any kind) or an alternation: repeating it could backtrack exponentially. */
  repeats: boolean;
  alternation: boolean;
  /** Where the group starts in the output (a quantifier after it applies from there). */
  start: number;
  /** An atomic group's look-ahead name, closed by its back-reference. */
  atomic?: string;
}

/**
 * A pattern that may hold an atomic group or a possessive quantifier (a `+` right after another
 * quantifier). A false alarm (`[*+]`) only names the groups, which changes no match.
 */
const MAY_BE_ATOMIC = /\(\?>|[*+?}]\+/;

/** The back-reference to user group N, resolved once every group is known (a reference may come first). */
const groupReference = (index: number) => `\uE000${index}\uE000`;

/** Is the quantifier at `i` unbounded or repeating more than once? Returns its length too. */
function readQuantifier(src: string, i: number): { length: number; repeats: boolean } | null {
  const c = src[i];
  if (c === '*' || c === '+') return { length: 1, repeats: true };
  if (c === '?') return { length: 1, repeats: false };
  if (c === '{') {
    const m = /^\{(\d*)(,?)(\d*)\}/.exec(src.slice(i));
    if (!m || (m[1] === '' && m[3] === '')) return null;
    const max = m[2] ? (m[3] === '' ? Infinity : Number(m[3])) : Number(m[1]);
    return { length: m[0].length, repeats: max > 1 };
  }
  return null;
}

/** Translates a PCRE pattern to a JavaScript one (flags `iu`), or says why it cannot. */
export function translatePcre(source: string): { source: string; backtrackingRisk?: RegexProblem } | RegexProblem {
  let out = '';
  const groups: Group[] = [{ repeats: false, alternation: false, start: 0 }];
  let lastClosed: Group | null = null;
  let inClass = false;
  // Where the last quantifiable atom starts in `out`, for a possessive quantifier to wrap it.
  let atomStart: number | null = null;
  const namesGroups = MAY_BE_ATOMIC.test(source);
  /** The JavaScript name of each capturing group, by its PCRE number (1-based), when `namesGroups`. */
  const groupNames: string[] = [];
  let atomics = 0;
  const atomicOpen = () => `(?:(?=(?<pcreAtomic${++atomics}>`;
  const atomicClose = (name: string) => `))\\k<${name}>)`;
  let backtrackingRisk: RegexProblem | undefined;
  const unsupported = (construct: RegexConstruct, detail: string, params: Record<string, string> = {}): RegexProblem => ({
    code: 'unsupportedRegex',
    params: { construct, ...params },
    detail,
  });
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      const n = source[i + 1];
      if (n === undefined) return syntaxProblem('trailingBackslash', 'pattern ends with \\');
      if (n === 'Q') {
        const end = source.indexOf('\\E', i + 2);
        const literal = source.slice(i + 2, end < 0 ? source.length : end);
        out += literal.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
        i = end < 0 ? source.length : end + 2;
        lastClosed = null;
        atomStart = null;
        continue;
      }
      if ('GKXC'.includes(n)) return unsupported('escape', `\\${n}`, { escape: `\\${n}` });
      let piece: string;
      if (n === 'A') piece = '^';
      else if (n === 'z' || n === 'Z') piece = '$';
      else if (n === 'h') piece = inClass ? '\\t \\u00a0' : '[\\t \\u00a0]';
      else if (n === 'H') piece = inClass ? '' : '[^\\t \\u00a0]';
      else if (n === 'e') piece = '\\x1b';
      else if (n === 'R') piece = inClass ? '\\r\\n' : '(?:\\r\\n|\\n|\\r)';
      else if ((n === 'p' || n === 'P') && source[i + 2] !== '{') {
        piece = `\\${n}{${source[i + 2] ?? ''}}`;
        i += 1;
      } else if (n === 'k' && (source[i + 2] === '{' || source[i + 2] === "'")) {
        const close = source[i + 2] === '{' ? '}' : "'";
        const end = source.indexOf(close, i + 3);
        if (end < 0) return syntaxProblem('unterminatedReference', 'unterminated \\k');
        piece = `\\k<${source.slice(i + 3, end)}>`;
        i = end - 1;
      } else if (n === 'g') {
        const m = /^\\g\{?(-?\d+)\}?/.exec(source.slice(i));
        if (!m || Number(m[1]) <= 0) return unsupported('escape', '\\g', { escape: '\\g' });
        piece = namesGroups ? groupReference(Number(m[1])) : `\\${m[1]}`;
        i += m[0].length - 2;
      } else if (namesGroups && !inClass && /[1-9]/.test(n)) piece = groupReference(Number(n));
      else if (/[A-Za-z0-9]/.test(n)) piece = `\\${n}`;
      else if (SYNTAX.has(n) || (n === '-' && inClass)) piece = `\\${n}`;
      else piece = n === '-' ? '-' : n;
      if (!inClass) atomStart = out.length;
      out += piece;
      i += 2;
      lastClosed = null;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      if (c === '[' && source[i + 1] === ':') {
        const m = /^\[:(\^?)(\w+):\]/.exec(source.slice(i));
        const posix: Record<string, string> = {
          alpha: '\\p{L}', digit: '0-9', alnum: '\\p{L}\\p{N}', space: '\\s', upper: '\\p{Lu}',
          lower: '\\p{Ll}', punct: '\\p{P}', xdigit: '0-9A-Fa-f', word: '\\w',
        };
        if (!m || m[1] || !posix[m[2]!]) return unsupported('posixClass', 'POSIX class');
        out += posix[m[2]!];
        i += m[0].length;
        continue;
      }
      out += c === '/' ? '\\/' : c;
      i += 1;
      continue;
    }
    if (c === '[') {
      inClass = true;
      atomStart = out.length;
      out += c;
      i += 1;
      if (source[i] === '^') {
        out += '^';
        i += 1;
      }
      if (source[i] === ']') {
        out += '\\]';
        i += 1;
      }
      lastClosed = null;
      continue;
    }
    if (c === '(') {
      const rest = source.slice(i);
      let open: string;
      if (rest.startsWith('(?#')) {
        const end = source.indexOf(')', i);
        i = end < 0 ? source.length : end + 1;
        continue;
      } else if (/^\(\?P?<([A-Za-z_]\w*)>/.test(rest)) {
        const m = /^\(\?P?<([A-Za-z_]\w*)>/.exec(rest)!;
        open = `(?<${m[1]}>`;
        groupNames.push(m[1]!);
        i += m[0].length;
      } else if (/^\(\?'([A-Za-z_]\w*)'/.test(rest)) {
        const m = /^\(\?'([A-Za-z_]\w*)'/.exec(rest)!;
        open = `(?<${m[1]}>`;
        groupNames.push(m[1]!);
        i += m[0].length;
      } else if (/^\(\?P=([A-Za-z_]\w*)\)/.test(rest)) {
        const m = /^\(\?P=([A-Za-z_]\w*)\)/.exec(rest)!;
        atomStart = out.length;
        out += `\\k<${m[1]}>`;
        i += m[0].length;
        lastClosed = null;
        continue;
      } else if (/^\(\?(?::|=|!|<=|<!)/.test(rest)) {
        const m = /^\(\?(?::|=|!|<=|<!)/.exec(rest)!;
        open = m[0];
        i += m[0].length;
      } else if (rest.startsWith('(?>')) {
        open = atomicOpen();
        i += 3;
      } else if (rest.startsWith('(?|')) return unsupported('branchReset', 'branch reset (?|…)');
      else if (rest.startsWith('(?(')) return unsupported('conditional', 'conditional (?(…)…)');
      else if (/^\(\?(?:R|[+-]?\d|&|P>)/.test(rest)) return unsupported('recursion', 'recursion');
      else if (/^\(\?i\)/.test(rest)) {
        i += 4;
        continue;
      } else if (rest.startsWith('(?')) return unsupported('inlineFlags', 'inline flags');
      else {
        groupNames.push(`pcreGroup${groupNames.length + 1}`);
        open = namesGroups ? `(?<${groupNames.at(-1)}>` : '(';
        i += 1;
      }
      groups.push({ repeats: false, alternation: false, start: out.length, ...(open.startsWith('(?:(?=') ? { atomic: `pcreAtomic${atomics}` } : {}) });
      out += open;
      lastClosed = null;
      continue;
    }
    if (c === ')') {
      if (groups.length === 1) return syntaxProblem('unmatchedParen', 'unmatched )');
      const closed = groups.pop()!;
      // An atomic group never gives back what it matched: repeated, it backtracks no more than one character would.
      lastClosed = closed.atomic === undefined ? closed : { ...closed, repeats: false, alternation: false };
      if (lastClosed.repeats) groups[groups.length - 1]!.repeats = true;
      if (lastClosed.alternation) groups[groups.length - 1]!.alternation = true;
      out += closed.atomic === undefined ? c : atomicClose(closed.atomic);
      atomStart = closed.start;
      i += 1;
      continue;
    }
    const q = readQuantifier(source, i);
    if (q) {
      const next = source[i + q.length];
      if (next === '+') {
        // X*+ is (?>X*): the atom and its quantifier inside an atomic group.
        if (atomStart === null) return unsupported('possessiveQuantifier', 'possessive quantifier');
        const atom = out.slice(atomStart);
        const open = atomicOpen();
        out = out.slice(0, atomStart) + open + atom + source.slice(i, i + q.length) + atomicClose(`pcreAtomic${atomics}`);
        // Atomic too: not a repeat that could backtrack (see the group's closing above).
        i += q.length + 1;
        lastClosed = null;
        atomStart = null;
        continue;
      }
      // Only a risk: RE2 runs such a regex in linear time; it is refused if JavaScript's engine must run it.
      if (lastClosed && lastClosed.repeats && q.repeats) backtrackingRisk ??= unsupported('nestedQuantifier', 'nested quantifier');
      if (lastClosed && lastClosed.alternation && q.repeats) backtrackingRisk ??= unsupported('alternationUnderRepeat', 'alternation under a repeat');
      groups[groups.length - 1]!.repeats = true;
      out += source.slice(i, i + q.length);
      i += q.length;
      if (next === '?') {
        out += '?';
        i += 1;
      }
      lastClosed = null;
      atomStart = null;
      continue;
    }
    if (c === '|') groups[groups.length - 1]!.alternation = true;
    // Anchors and alternatives are no atom a quantifier could apply to.
    atomStart = '|^$'.includes(c) ? null : out.length;
    out += c === '/' ? '\\/' : c;
    lastClosed = null;
    i += 1;
  }
  if (inClass) return syntaxProblem('unterminatedClass', 'unterminated [');
  if (groups.length > 1) return syntaxProblem('unterminatedGroup', 'unterminated (');
  // Numbered back-references, by name now that every group is known (one to no group stays a number).
  out = out.replace(/\uE000(\d+)\uE000/g, (_, index: string) => {
    const name = groupNames[Number(index) - 1];
    return name === undefined ? `\\${index}` : `\\k<${name}>`;
  });
  return backtrackingRisk === undefined ? { source: out } : { source: out, backtrackingRisk };
}

/** A compiled inline regex: the length of its match at the very start of a text. */
export interface InlineRegex {
  /** The length of the match that starts at `text`'s first character, or -1. */
  prefixMatch(text: string): number;
  /** Which engine runs it: `re2` (linear), or `js` for back-references and look-arounds. */
  engine: 're2' | 'js';
}

function onRe2(regex: RE2JS): InlineRegex {
  return {
    engine: 're2',
    prefixMatch: (text) => {
      const matcher = regex.matcher(text);
      return matcher.lookingAt() ? matcher.end() : -1;
    },
  };
}

function onJavaScript(regex: RegExp): InlineRegex {
  return {
    engine: 'js',
    prefixMatch: (text) => {
      regex.lastIndex = 0;
      const match = regex.exec(text);
      return match ? match[0].length : -1;
    },
  };
}

/** Alias expansion, translation and compilation in one step. */
export function compilePcre(source: string, aliases: Map<string, string>): InlineRegex | RegexProblem {
  const expanded = expandAliases(source, aliases);
  if (typeof expanded !== 'string') return expanded;
  const translated = translatePcre(expanded);
  if ('code' in translated) return translated;
  let javascript: RegExp;
  try {
    javascript = new RegExp(translated.source, 'iuy');
  } catch (error) {
    // The engine's own words (V8's, in English whatever the reader's language): shown as its message.
    const message = (error as Error).message;
    return { code: 'badRegex', params: { reason: message }, detail: message };
  }
  try {
    return onRe2(RE2JS.compile(toRe2Syntax(translated.source), RE2JS.CASE_INSENSITIVE));
  } catch {
    // What JavaScript reads and RE2 does not: back-references and look-arounds. On JavaScript's
    // backtracking engine, a nested quantifier or a repeated choice is refused.
    return translated.backtrackingRisk ?? onJavaScript(javascript);
  }
}
