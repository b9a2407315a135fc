/**
 * A field's source → the raw values it finds in one scope (document or analysis), in text order.
 * Errors of the source itself (a refused pattern, an unknown snippet, a snippet that fails) are
 * answered with their code; finding nothing is an empty list, not an error. Sources that read the
 * documents' words (NLU parameters, builtins, regular expressions) also say where each value stands;
 * headers, metadata and snippets read no place of the text and give no spans.
 */
import { EXTRACTION_LIMITS, type ExtractionConfig, type ExtractionFieldErrorCode, type FieldSource } from '../contract/modules/extraction';
import type { EvidenceSpan } from '../contract/modules/evidence-span';
import { findBuiltinAt } from './builtins';
import { compileRegex, findAllAt, hasGroup } from './safe-regex';
import { runSnippet, snippetVariables } from './snippets';
import type { ExtractionScope } from './types';

export type SourceValues =
  /** `spans[i]`: where `values[i]` stands (absent: the source reads no text). */
  | { ok: true; values: unknown[]; spans?: EvidenceSpan[] }
  | { ok: false; code: ExtractionFieldErrorCode; params: Record<string, string | number | null>; message: string };

const MAX = EXTRACTION_LIMITS.valuesPerField;
const keep = <T>(values: T[], which: 'first' | 'all'): T[] => (which === 'first' ? values.slice(0, 1) : values.slice(0, MAX));

function nluValues(source: Extract<FieldSource, { type: 'nluParameter' }>, scope: ExtractionScope): SourceValues {
  const values: string[] = [];
  const spans: EvidenceSpan[] = [];
  // Block by block rather than `scope.interactions`: a value's start and end are in its block's text.
  for (const doc of scope.document === null ? scope.documents : [scope.document]) {
    doc.blocks.forEach((block, index) => {
      for (const found of block.interactions) {
        if (found.id !== source.interaction || (!found.complete && !source.incomplete)) continue;
        for (const value of found.parameters[source.parameter] ?? []) {
          values.push(source.read === 'text' ? value.text : value.value);
          spans.push({ document: doc.index, block: index, start: value.start, end: value.end });
        }
      }
    });
  }
  return { ok: true, values: keep(values, source.which), spans: keep(spans, source.which) };
}

/** Values found at scope-text offsets, with their spans (a match in no block has none: the text had no block). */
function placedValues(scope: ExtractionScope, matches: readonly { value: string; start: number; end: number }[]): SourceValues {
  const values: string[] = [];
  const spans: EvidenceSpan[] = [];
  for (const match of matches) {
    values.push(match.value);
    const span = scope.spanAt(match.start, match.end);
    if (span !== null) spans.push(span);
  }
  return { ok: true, values, spans };
}

function regexValues(source: Extract<FieldSource, { type: 'regex' }>, scope: ExtractionScope): SourceValues {
  const compiled = compileRegex(source.pattern, source.ignoreCase);
  if (!compiled.ok) return { ok: false, code: 'badRegex', params: { detail: compiled.detail }, message: `The regular expression is refused: ${compiled.detail}` };
  if (!hasGroup(compiled.regex, source.group)) {
    return { ok: false, code: 'unknownGroup', params: { group: String(source.group) }, message: `The regular expression has no group ${source.group}` };
  }
  return placedValues(scope, findAllAt(compiled.regex, scope.text, source.group, source.which === 'first' ? 1 : MAX));
}

function snippetValues(program: string, scope: ExtractionScope, fields: Readonly<Record<string, unknown>>): SourceValues {
  const run = runSnippet(program, snippetVariables(scope, fields));
  if (run.ok) return { ok: true, values: run.values.slice(0, MAX) };
  return { ok: false, code: run.code, params: { line: run.line, message: run.message }, message: run.line === null ? run.message : `Line ${run.line}: ${run.message}` };
}

export function sourceValues(source: FieldSource, scope: ExtractionScope, config: ExtractionConfig, fields: Readonly<Record<string, unknown>>): SourceValues {
  switch (source.type) {
    case 'nluParameter':
      return nluValues(source, scope);
    case 'builtin':
      return placedValues(scope, findBuiltinAt(source.builtin, scope.text, scope.language, scope.now, source.which === 'first' ? 1 : MAX));
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
