/**
 * Regular expressions written by users (field sources, the `regex_find` filters) run on RE2JS, a
 * JavaScript port of RE2: matching time is linear in the text whatever the pattern, so `(a+)+$` on
 * a long line cannot hang the pipeline (JavaScript's own engine backtracks exponentially there).
 * The price: no back-references or look-arounds; such patterns are refused with RE2's reason.
 * Texts are cut at EXTRACTION_LIMITS.textChars and at most `max` matches are read.
 */
import { RE2JS } from 're2js';
import { EXTRACTION_LIMITS } from '../contract/modules/extraction';

export type CompiledRegex = { ok: true; regex: RE2JS } | { ok: false; code: 'badRegex'; detail: string };

const cache = new Map<string, CompiledRegex>();
const CACHE_SIZE = 500;

export function compileRegex(pattern: string, ignoreCase: boolean): CompiledRegex {
  const key = `${ignoreCase ? 'i' : '-'}${pattern}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let compiled: CompiledRegex;
  if (pattern.length > EXTRACTION_LIMITS.regexChars) {
    // The configuration schema already refuses such a pattern with a translated message; this guards
    // callers that skip it, with a detail in no language (it is shown as the engine's message).
    compiled = { ok: false, code: 'badRegex', detail: `${pattern.length} > ${EXTRACTION_LIMITS.regexChars}` };
  } else {
    try {
      compiled = { ok: true, regex: RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) };
    } catch (error) {
      compiled = { ok: false, code: 'badRegex', detail: error instanceof Error ? error.message : String(error) };
    }
  }
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

/** Does `group` (a number or a name) exist in the pattern? */
export function hasGroup(regex: RE2JS, group: number | string): boolean {
  return typeof group === 'number' ? group <= regex.groupCount() : Object.hasOwn(regex.namedGroups(), group);
}

/** A group's text in one match and where it stands in the text read (UTF-16 offsets). */
export interface RegexMatch {
  value: string;
  start: number;
  end: number;
}

/** `group` in each match, with its place (a group that did not take part gives nothing), at most `max`. */
export function findAllAt(regex: RE2JS, text: string, group: number | string, max: number): RegexMatch[] {
  const matcher = regex.matcher(text.slice(0, EXTRACTION_LIMITS.textChars));
  const out: RegexMatch[] = [];
  while (out.length < max && matcher.find()) {
    const value = matcher.group(group);
    if (value !== null && value !== undefined) out.push({ value, start: matcher.start(group), end: matcher.end(group) });
  }
  return out;
}

/** The text of `group` in each match (a group that did not take part gives nothing), at most `max`. */
export function findAll(regex: RE2JS, text: string, group: number | string, max: number): string[] {
  return findAllAt(regex, text, group, max).map((match) => match.value);
}
