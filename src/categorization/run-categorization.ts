/**
 * The pipeline's categorization module (ARCHITECTURE "A pipeline module is one slice"):
 * reads the extractor's documents, the NLU results, the categories and taints of earlier modules,
 * runs the engine (src/categorization/) and answers its result with a one-line summary for the trace.
 *
 * It never throws: a configuration that does not parse or an engine failure becomes an `error`
 * outcome. It honours its time budget (documents left are counted) and its taints (the engine
 * categorizes only the documents the module's `requiredTaints` allow).
 */
import type { ExtractorResult } from '../contract/analyses';
import type { ContentSettings, EnvironmentModule } from '../contract/environments';
import type { CategorizationResult, CategoryDecision } from '../contract/modules/categorization';
import { visionValues, type VisionEngineResult } from '../contract/modules/vision-engine';
import { parseCategorizationConfig } from './config-cache';
import type { NluModuleResult } from '../contract/nlu-module';
import { categorize } from './categorize';
import { engineDocuments, givenCategories, mailHeaders } from './from-results';
import type { CategorizationInput, TaintState } from './types';
import { encodePipelineMessage, pipelineMessage, sentence, type NestedText } from '../contract/pipeline-messages';
import { failureReason, reason, sandboxFailureReason } from '../contract/failure-reasons';

export interface CategorizationModuleInput {
  module: EnvironmentModule;
  extraction: ExtractorResult | null;
  /** The NLU modules' results (the server's module worker reads them from the JSON bytes it holds them as). */
  nlu: readonly NluModuleResult[];
  earlier: readonly CategorizationResult[];
  taints: TaintState;
  /** The vision engine's result when one ran before (the `visionEngine` criterion). */
  vision?: VisionEngineResult | null;
  content: Pick<ContentSettings, 'multiCategory' | 'attachmentCategoriesPerPage'>;
  metadata: Record<string, unknown>;
  /** Extracted data of the extraction modules before it (none: the `extractedData` criterion never holds). */
  extracted?: CategorizationInput['extracted'];
  /** Time the module may take, in milliseconds. */
  budgetMs: number;
  /**
   * Names the environment's configuration version (`envId@xmin`, the pipeline's claim): with the
   * module's id, the parsed configuration is reused without comparing it. Absent: compared by JSON.
   */
  cacheKey?: string;
}

export interface CategorizationModuleOutcome {
  outcome: 'success' | 'error' | 'skipped';
  message: string;
  result: CategorizationResult | null;
}

export const CATEGORIZATION_BUDGET_MS = 10_000;

export function runCategorizationModule(input: CategorizationModuleInput): CategorizationModuleOutcome {
  try {
    return categorizeAnalysis(input);
  } catch (error) {
    return { outcome: 'error', message: pipelineMessage('module.failed', { name: input.module.name, reason: failureReason(error) }), result: null };
  }
}

function categorizeAnalysis(input: CategorizationModuleInput): CategorizationModuleOutcome {
  if (input.extraction === null) return { outcome: 'skipped', message: pipelineMessage('module.extractorDidNotRun'), result: null };
  const parsed = parseCategorizationConfig(`${input.cacheKey ?? ''}:${input.module.id}`, input.module.config, input.cacheKey !== undefined);
  if (!parsed.ok) return { outcome: 'error', message: pipelineMessage('module.configurationInvalid', { name: input.module.name, problem: reason('reason.invalidSetting', parsed.message) }), result: null };
  const config = parsed.config;
  const nlu = input.nlu;
  const result = categorize({
    config,
    documents: engineDocuments(input.extraction, nlu),
    inputType: input.module.inputType,
    multiCategory: input.content.multiCategory,
    attachmentCategoriesPerPage: input.content.attachmentCategoriesPerPage,
    headers: mailHeaders(input.extraction),
    metadata: input.metadata,
    extracted: input.extracted ?? { analysis: {}, documents: {} },
    vision: input.vision ? visionValues(input.vision) : {},
    given: givenCategories(input.earlier),
    taints: input.taints,
    requiredTaints: input.module.requiredTaints,
    deadline: Date.now() + input.budgetMs,
  });
  return { outcome: 'success', message: categorizationSummary(result, config.categories.length, nlu.length === 0), result };
}

/** A category given and why, as a key the reader's language words (the category and rule names are data). */
function decisionText(decision: CategoryDecision): NestedText {
  const { category, explanation } = decision;
  if (explanation.kind === 'rule') return { key: 'categorization.byRule', params: { category, rule: explanation.ruleName } };
  if (explanation.kind === 'advanced') return { key: 'categorization.byAdvanced', params: { category, line: explanation.line } };
  return { key: 'categorization.byDefault', params: { category } };
}

/** The module's outcome, stored as keys; category and rule names are data, kept as they are. */
export function categorizationSummary(result: CategorizationResult, categoryCount: number, withoutNlu: boolean): string {
  const parts = [sentence('categorization.configured', { count: categoryCount })];
  if (result.documents.length === 0) parts.push(sentence('categorization.noDocument'));
  for (const doc of result.documents) {
    const where = doc.page === null ? doc.documentName : `${doc.documentName} p. ${doc.page}`;
    const categories = doc.categories.map(decisionText);
    parts.push(categories.length === 0 ? sentence('categorization.documentWithout', { where }) : sentence('categorization.document', { where, categories }));
  }
  if (withoutNlu) parts.push(sentence('categorization.noNlu'));
  if (result.advancedErrors.length > 0) parts.push(sentence('categorization.advancedFailed', { count: result.advancedErrors.length, reason: sandboxFailureReason(result.advancedErrors[0]!, 'program') }));
  if (result.documentsNotCategorized > 0) parts.push(sentence('categorization.budgetOut', { count: result.documentsNotCategorized }));
  if (result.taints.length > 0) parts.push(sentence('categorization.taints', { taints: result.taints.join(', ') }));
  return encodePipelineMessage(...parts);
}
