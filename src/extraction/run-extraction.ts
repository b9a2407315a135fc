/**
 * The pipeline's information extraction module (ARCHITECTURE "A pipeline module is one
 * slice"): reads the extractor's documents, the NLU results and the analysis's headers and metadata,
 * runs the engine (src/extraction/) and answers its result with a one-line summary for the trace.
 *
 * It never throws: a configuration that does not parse is an `error` outcome; a field that fails is
 * an error inside a `success` result (the other fields are filled, the trace names the field).
 */
import type { ExtractorResult } from '../contract/analyses';
import type { EnvironmentLanguage, EnvironmentModule } from '../contract/environments';
import { EXTRACTION_LIMITS, extractionConfigSchema, type ExtractionResult, type FieldError } from '../contract/modules/extraction';
import type { NluModuleResult } from '../contract/nlu-module';
import { engineDocuments, mailHeaders } from '../categorization/from-results';
import { extract } from './extract';
import type { NluLanguage } from '../nlu/types';
import type { TaintState } from '../categorization/types';
import { encodePipelineMessage, pipelineMessage, sentence, type LocalizedText } from '../contract/pipeline-messages';
import { failureReason, reason } from '../contract/failure-reasons';

export interface ExtractionModuleInput {
  module: EnvironmentModule;
  extraction: ExtractorResult | null;
  /** The NLU modules' results (the server's module worker reads them from the JSON bytes it holds them as). */
  nlu: readonly NluModuleResult[];
  metadata: Record<string, unknown>;
  /** The environment's languages: the first one that is not `auto` reads dates and numbers when no NLU result says. */
  languages: readonly EnvironmentLanguage[];
  /** Reference of relative dates: the analysis's creation. */
  now: Date;
  budgetMs?: number;
  /** Taints carried so far (per document, only the documents carrying a required one are read). */
  taints?: TaintState;
}

export interface ExtractionModuleOutcome {
  outcome: 'success' | 'error' | 'skipped';
  message: string;
  result: ExtractionResult | null;
}

/** The language the NLU detected (or was told), else the environment's first. */
export function extractionLanguage(nlu: readonly NluModuleResult[], languages: readonly EnvironmentLanguage[]): NluLanguage {
  const detected = nlu.flatMap((result) => result.blocks).find((block) => block.result.language !== undefined)?.result.language;
  if (detected !== undefined) return detected;
  return (languages.find((language) => language !== 'auto') as NluLanguage | undefined) ?? 'fr';
}

export function runExtractionModule(input: ExtractionModuleInput): ExtractionModuleOutcome {
  try {
    if (input.extraction === null) return { outcome: 'skipped', message: pipelineMessage('module.extractorDidNotRun'), result: null };
    const parsed = extractionConfigSchema.safeParse(input.module.config);
    if (!parsed.success) {
      return { outcome: 'error', message: pipelineMessage('module.configurationInvalid', { name: input.module.name, problem: reason('reason.invalidSetting', `${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`) }), result: null };
    }
    const nlu = input.nlu;
    const result = extract({
      config: parsed.data,
      documents: engineDocuments(input.extraction, nlu),
      inputType: input.module.inputType,
      headers: mailHeaders(input.extraction),
      metadata: input.metadata,
      language: extractionLanguage(nlu, input.languages),
      now: input.now,
      deadline: Date.now() + (input.budgetMs ?? EXTRACTION_LIMITS.moduleBudgetMs),
      taints: input.taints,
      requiredTaints: input.module.requiredTaints,
    });
    return { outcome: 'success', message: summary(result, parsed.data.fields.length), result };
  } catch (error) {
    return { outcome: 'error', message: pipelineMessage('module.failed', { name: input.module.name, reason: failureReason(error) }), result: null };
  }
}

/** `name = value` pairs of what was found; null when nothing was. */
function describeValues(fields: Record<string, unknown>): string | null {
  const found = Object.entries(fields).filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0));
  return found.length === 0 ? null : found.map(([name, value]) => `${name} = ${JSON.stringify(value).slice(0, 60)}`).join(', ');
}

/** The first field errors, each from its code (texts `extraction:fieldErrors.*`), never its English `message`. */
function fieldErrors(errors: readonly FieldError[]): LocalizedText[] {
  if (errors.length === 0) return [];
  const listed = errors.slice(0, 5).map((error) => {
    const params = Object.fromEntries(Object.entries(error.params).map(([name, value]) => [name, value ?? '']));
    return sentence('extraction.fieldError', { field: error.field, reason: { key: `extraction:fieldErrors.${error.code}`, params } });
  });
  const more = errors.length > 5 ? [sentence('extraction.fieldErrorsMore', { count: errors.length - 5 })] : [];
  return [sentence('extraction.fieldErrorsHead'), ...listed, ...more];
}

/** The trace's summary, one sentence a document, stored as keys like the other modules'. */
function summary(result: ExtractionResult, fieldCount: number): string {
  const head = sentence('extraction.configured', { count: fieldCount });
  if (result.scope === 'analysis') {
    const values = describeValues(result.fields ?? {});
    return encodePipelineMessage(head, values === null ? sentence('extraction.analysisNothing') : sentence('extraction.analysis', { values }), ...fieldErrors(result.errors));
  }
  if (result.documents.length === 0) return encodePipelineMessage(head, sentence('extraction.noDocument'));
  const documents = result.documents.map((doc) => {
    const values = describeValues(doc.fields);
    return values === null ? sentence('extraction.documentNothing', { where: doc.documentName }) : sentence('extraction.document', { where: doc.documentName, values });
  });
  return encodePipelineMessage(head, ...documents, ...fieldErrors(result.documents.flatMap((doc) => doc.errors)));
}
