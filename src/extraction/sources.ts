/**
 * A field's source → the raw values it finds in one scope (document or analysis), in text order.
 * Errors of the source itself (a refused pattern, an unknown snippet, a snippet that fails) are
 * answered with their code; finding nothing is an empty list, not an error.
 */
import { EXTRACTION_LIMITS, type ExtractionConfig, type ExtractionFieldErrorCode, type FieldSource } from '../contract/modules/extraction';
import { findBuiltin } from './builtins';
import { compileRegex, findAll, hasGroup } from './safe-regex';
import { runSnippet, snippetVariables } from './snippets';
import type { ExtractionScope } from './types';

export type SourceValues =
  | { ok: true; values: unknown[] }
  | { ok: false; code: ExtractionFieldErrorCode; params: Record<string, string | number | null>; message: string };

const MAX = EXTRACTION_LIMITS.valuesPerField;
const keep = (values: unknown[], which: 'first' | 'all'): unknown[] => (which === 'first' ? values.slice(0, 1) : values.slice(0, MAX));

function nluValues(source: Extract<FieldSource, { type: 'nluParameter' }>, scope: ExtractionScope): unknown[] {
  const values: string[] = [];
  for (const found of scope.interactions) {
    if (found.id !== source.interaction || (!found.complete && !source.incomplete)) continue;
    for (const value of found.parameters[source.parameter] ?? []) values.push(source.read === 'text' ? value.text : value.value);
  }
  return keep(values, source.which);
}

function regexValues(source: Extract<FieldSource, { type: 'regex' }>, scope: ExtractionScope): SourceValues {
  const compiled = compileRegex(source.pattern, source.ignoreCase);
  if (!compiled.ok) return { ok: false, code: 'badRegex', params: { detail: compiled.detail }, message: `The regular expression is refused: ${compiled.detail}` };
  if (!hasGroup(compiled.regex, source.group)) {
    return { ok: false, code: 'unknownGroup', params: { group: String(source.group) }, message: `The regular expression has no group ${source.group}` };
  }
  return { ok: true, values: findAll(compiled.regex, scope.text, source.group, source.which === 'first' ? 1 : MAX) };
}

function snippetValues(program: string, scope: ExtractionScope, fields: Readonly<Record<string, unknown>>): SourceValues {
  const run = runSnippet(program, snippetVariables(scope, fields));
  if (run.ok) return { ok: true, values: run.values.slice(0, MAX) };
  return { ok: false, code: run.code, params: { line: run.line, message: run.message }, message: run.line === null ? run.message : `Line ${run.line}: ${run.message}` };
}

export function sourceValues(source: FieldSource, scope: ExtractionScope, config: ExtractionConfig, fields: Readonly<Record<string, unknown>>): SourceValues {
  switch (source.type) {
    case 'nluParameter':
      return { ok: true, values: nluValues(source, scope) };
    case 'builtin':
      return { ok: true, values: findBuiltin(source.builtin, scope.text, scope.language, scope.now, source.which === 'first' ? 1 : MAX) };
    case 'regex':
      return regexValues(source, scope);
    case 'header': {
      const name = source.header.toLowerCase();
      const value = Object.hasOwn(scope.headers, name) ? scope.headers[name] : undefined;
      return { ok: true, values: typeof value !== 'string' || value === '' ? [] : [value] };
    }
    case 'metadata': {
      const value = Object.hasOwn(scope.metadata, source.key) ? scope.metadata[source.key] : undefined;
      return { ok: true, values: value === undefined || value === null ? [] : [value] };
    }
    case 'snippet':
      return snippetValues(source.program, scope, fields);
    case 'namedSnippet': {
      const snippet = config.snippets.find((candidate) => candidate.name === source.snippet);
      if (snippet === undefined) return { ok: false, code: 'unknownSnippet', params: { snippet: source.snippet }, message: `No snippet is named "${source.snippet}"` };
      return snippetValues(snippet.program, scope, fields);
    }
  }
}

/** `which` of a source (first for the single-valued ones). */
export function whichOf(source: FieldSource): 'first' | 'all' {
  return 'which' in source ? source.which : 'first';
}
