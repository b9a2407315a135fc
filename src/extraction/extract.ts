/**
 * The extraction engine: fills the module's fields, in order, on the whole analysis
 * (input type empty) or on each document of the input type. Pure: the server's step, the test
 * endpoint and unit tests run it; it never throws on a configuration (a field that fails has its
 * error and a null value; the other fields are filled).
 */
import type { DocumentExtraction, ExtractedValues, ExtractionResult, FieldError, ValueFormat } from '../contract/modules/extraction';
import type { EvidenceSpan, FieldEvidence } from '../contract/modules/evidence-span';
import type { EngineDocument, ExtractionInput, ExtractionScope } from './types';
import { convertValues } from './convert';
import { scopeLayout, spanInScope, type PlacedBlock } from './evidence';
import { sourceValues, whichOf } from './sources';

const CONVERSION_MESSAGES = {
  notANumber: 'is not a number',
  notABoolean: 'is not a yes/no value',
  notAnObject: 'is not a JSON object',
} as const;

function selected(inputType: ExtractionInput['inputType'], source: EngineDocument['source']): boolean {
  if (inputType === 'body') return source !== 'attachment';
  if (inputType === 'attachment') return source === 'attachment';
  return true;
}

function allowedByTaints(input: ExtractionInput, documentIndex: number): boolean {
  const required = input.requiredTaints ?? [];
  if (required.length === 0) return true;
  const carried = new Set([...(input.taints?.analysis ?? []), ...(input.taints?.documents[documentIndex] ?? [])]);
  return required.some((taint) => carried.has(taint));
}

const documentText = (doc: EngineDocument): string => doc.blocks.map((block) => block.text).join('\n');

/** The spans of the values a field keeps: the first one alone when its format takes the first value. */
function keptSpans(spans: readonly EvidenceSpan[] | undefined, format: ValueFormat, which: 'first' | 'all'): EvidenceSpan[] {
  if (spans === undefined) return [];
  return format !== 'array' && which === 'first' ? spans.slice(0, 1) : [...spans];
}

/** Every field on one scope: the values, the errors of the fields that failed and where kept values were read. */
export function extractScope(input: ExtractionInput, scope: ExtractionScope): { fields: ExtractedValues; errors: FieldError[]; evidence: FieldEvidence } {
  const fields: ExtractedValues = {};
  const errors: FieldError[] = [];
  const evidence: FieldEvidence = {};
  for (const field of input.config.fields) {
    // A later field of the same name replaces the value: its evidence too.
    delete evidence[field.name];
    if (input.deadline !== undefined && Date.now() > input.deadline) {
      fields[field.name] = null;
      errors.push({ field: field.name, code: 'timeBudget', params: {}, message: 'The time budget of the module ran out before this field' });
      continue;
    }
    const found = sourceValues(field.source, scope, input.config, fields);
    if (!found.ok) {
      fields[field.name] = null;
      errors.push({ field: field.name, code: found.code, params: found.params, message: found.message });
      continue;
    }
    const which = whichOf(field.source);
    const converted = convertValues(found.values, field.format, which);
    if (converted.ok) {
      fields[field.name] = converted.value;
      const spans = converted.value === null ? [] : keptSpans(found.spans, field.format, which);
      if (spans.length > 0) evidence[field.name] = spans;
    } else {
      fields[field.name] = null;
      const value = converted.value.slice(0, 200);
      const what = CONVERSION_MESSAGES[converted.code as keyof typeof CONVERSION_MESSAGES] ?? 'cannot be converted';
      errors.push({ field: field.name, code: converted.code, params: { value, format: field.format }, message: `"${value}" ${what} (format ${field.format})` });
    }
  }
  return { fields, errors, evidence };
}

function scopeOf(input: ExtractionInput, documents: readonly EngineDocument[], document: EngineDocument | null): ExtractionScope {
  const read = document === null ? documents : [document];
  // Built on the first span asked for: a module whose fields read no text never lays the blocks out.
  let layout: PlacedBlock[] | null = null;
  return {
    text: read.map(documentText).join('\n\n'),
    document,
    documents,
    interactions: read.flatMap((doc) => doc.blocks.flatMap((block) => block.interactions)),
    headers: input.headers,
    metadata: input.metadata,
    language: input.language,
    now: input.now,
    spanAt: (start, end) => spanInScope((layout ??= scopeLayout(read)), start, end),
  };
}

export function extract(input: ExtractionInput): ExtractionResult {
  if (input.inputType === null) {
    const { fields, errors, evidence } = extractScope(input, scopeOf(input, input.documents, null));
    return { scope: 'analysis', fields, errors, evidence, documents: [] };
  }
  const documents: DocumentExtraction[] = input.documents
    .filter((doc) => selected(input.inputType, doc.source) && allowedByTaints(input, doc.index))
    .map((doc) => {
      const { fields, errors, evidence } = extractScope(input, scopeOf(input, input.documents, doc));
      return { document: doc.index, documentName: doc.name, source: doc.source, fields, errors, evidence };
    });
  return { scope: 'documents', fields: null, errors: [], evidence: {}, documents };
}

/**
 * The extracted data as the categorization engine reads it (`CategorizationInput.extracted`):
 * once-per-analysis fields apply to every document; per-document fields to their document. Later
 * modules' values replace earlier ones of the same name.
 */
export function extractedForCategorization(results: readonly ExtractionResult[]): {
  analysis: Record<string, unknown>;
  documents: Record<number, Record<string, unknown>>;
} {
  const analysis: Record<string, unknown> = {};
  const documents: Record<number, Record<string, unknown>> = {};
  for (const result of results) {
    if (result.fields !== null) Object.assign(analysis, result.fields);
    for (const doc of result.documents) documents[doc.document] = { ...(documents[doc.document] ?? {}), ...doc.fields };
  }
  return { analysis, documents };
}
