/**
 * The field rules' regular expressions run on RE2JS (a JavaScript port of RE2): matching time is
 * linear in the line whatever the pattern, so no pattern a configurator writes — `(a+)+$`,
 * `(?:a{1,9}){1,9}$` — can freeze the module on one unlucky OCR line (JavaScript's own engine
 * backtracks exponentially there). The price: no back-references and no look-arounds, which RE2
 * cannot run in linear time; such a pattern is refused at save with the construct RE2 names
 * (`patternUnsupported`), a pattern no engine reads with `patternInvalid`.
 * The syntax is otherwise JavaScript's for what users write: `\uXXXX` and `\u{X}` are turned into
 * RE2's `\x{X}`; `(?<name>…)`, `\d`, `\b`, `\p{L}` read the same.
 */
import { RE2JS } from 're2js';
import { toRe2Syntax } from '../regex/re2-syntax';

export type RulePatternProblem =
  | { code: 'patternInvalid'; params: { pattern: string; message: string } }
  | { code: 'patternUnsupported'; params: { pattern: string; construct: string } };

export type CompiledRulePattern = { ok: true; regex: RE2JS } | ({ ok: false } & RulePatternProblem);

/** The construct RE2 quotes in its message (`(?=`, `\1`), else its whole message. */
function constructOf(message: string): string {
  const quoted = /`([^`]*)`\s*$/.exec(message)?.[1];
  if (quoted === undefined) return message;
  // RE2 quotes the whole rest of the pattern after a look-behind; its first four characters name it.
  return /^\(\?<[=!]/.test(quoted) ? quoted.slice(0, 4) : quoted;
}

const cache = new Map<string, CompiledRulePattern>();
const CACHE_SIZE = 200;

export function compileRulePattern(pattern: string): CompiledRulePattern {
  const known = cache.get(pattern);
  if (known !== undefined) return known;
  let compiled: CompiledRulePattern;
  try {
    compiled = { ok: true, regex: RE2JS.compile(toRe2Syntax(pattern)) };
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    let javascriptReads = true;
    try {
      // Compiling only (never running): tells a pattern RE2 cannot run from one nobody can read.
      new RegExp(pattern, 'u');
    } catch {
      javascriptReads = false;
    }
    compiled = javascriptReads
      ? { ok: false, code: 'patternUnsupported', params: { pattern, construct: constructOf(message) } }
      : { ok: false, code: 'patternInvalid', params: { pattern, message } };
  }
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/** The first match of a compiled pattern in `text` (UTF-16 offsets), or null. */
export function firstMatch(regex: RE2JS, text: string): { index: number; text: string } | null {
  const matcher = regex.matcher(text);
  if (!matcher.find()) return null;
  return { index: matcher.start(), text: matcher.group() ?? '' };
}
