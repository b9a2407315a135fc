/**
 * The summary an analysis keeps when a run ends (src/contract/results-summary.ts): its final
 * categories with why, the extracted values found, and the reply draft. Pure (no DOM, no Node), so it
 * runs wherever the module results are: the pipeline's end, a module worker, a test.
 *
 * Categories are decided as the output module decides its payload's (`outputCategories`):
 * consolidation's final categories when a consolidation module succeeded, else every successful
 * categorization module's categories, best first, each name once. A module that failed, was skipped
 * or left an unreadable result gives nothing: never invented values.
 */
import { outputCategories } from '../categorization/output';
import type { ModuleResult } from '../contract/analysis-results';
import { categorizationResultSchema, type CategoryDecision } from '../contract/modules/categorization';
import { consolidationResultSchema } from '../contract/modules/consolidation';
import { extractionConfigSchema, extractionResultSchema } from '../contract/modules/extraction';
import { replyTemplateResultSchema } from '../contract/modules/reply-template';
import {
  RESULTS_SUMMARY_LIMITS as LIMITS,
  type ReplyDraftSummary,
  type ResultsSummary,
  type SummaryCategory,
  type SummaryField,
} from '../contract/results-summary';

/**
 * The environment's settings as stored for the run (`settings.modules[].config`): only the extraction
 * modules' field labels are read, so the caller need not parse the whole settings (at the end of a
 * run that is the HTTP thread, and a large categorization makes them hundreds of kilobytes).
 */
type StoredSettings = unknown;

const succeeded = (results: readonly ModuleResult[], type: ModuleResult['type']) =>
  results.filter((module) => module.type === type && module.outcome === 'success' && module.result !== null && module.result !== undefined);

export function resultsSummaryOf(results: readonly ModuleResult[], settings: StoredSettings = null): ResultsSummary {
  return { categories: categoriesOf(results), extractedData: fieldsOf(results, settings), replyDraft: draftOf(results) };
}

function categoriesOf(results: readonly ModuleResult[]): SummaryCategory[] {
  const categorized = succeeded(results, 'categorization').flatMap((module) => {
    const parsed = categorizationResultSchema.safeParse(module.result);
    return parsed.success ? [{ moduleId: module.moduleId, module: module.name, result: parsed.data }] : [];
  });
  const consolidation = succeeded(results, 'consolidation')
    .map((module) => consolidationResultSchema.safeParse(module.result))
    .find((parsed) => parsed.success)?.data ?? null;
  // No "categories to skip": that output option shapes what is sent to programs, not what the analysis is.
  const decided = outputCategories(categorized, consolidation, []);
  const all: SummaryCategory[] =
    decided.final !== null
      ? decided.final.map((category) => ({ name: category.category, documentName: category.from.documentName, decision: capped(category.decision), labels: category.labels }))
      : decided.documents.flatMap((document) =>
          document.categories.map((decision) => ({ name: decision.category, documentName: document.documentName, decision: capped(decision), labels: [] })),
        );
  const seen = new Set<string>();
  return all.filter((category) => !seen.has(category.name) && seen.add(category.name)).slice(0, LIMITS.categories);
}

/** The decision with its evidence cut to the caps (a criterion's evidence quotes the sender's text). */
function capped(decision: CategoryDecision): CategoryDecision {
  if (decision.explanation.kind !== 'rule') return decision;
  const held = decision.explanation.held.map((criterion) => ({
    ...criterion,
    evidence: criterion.evidence.slice(0, LIMITS.evidence).map((text) => text.slice(0, LIMITS.evidenceChars)),
  }));
  return { ...decision, explanation: { ...decision.explanation, held } };
}

function fieldsOf(results: readonly ModuleResult[], settings: StoredSettings): SummaryField[] {
  const fields: SummaryField[] = [];
  for (const module of succeeded(results, 'extraction')) {
    const parsed = extractionResultSchema.safeParse(module.result);
    if (!parsed.success) continue;
    const labels = labelsOf(storedConfigOf(settings, module.moduleId));
    const add = (values: Record<string, unknown>, document: string | null) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === null || value === undefined) continue;
        fields.push({ name, label: labels.get(name) ?? null, document, ...cappedValue(value) });
      }
    };
    if (parsed.data.fields !== null) add(parsed.data.fields, null);
    for (const document of parsed.data.documents) add(document.fields, document.documentName);
  }
  return fields.slice(0, LIMITS.fields);
}

function storedConfigOf(settings: StoredSettings, moduleId: string): unknown {
  const modules = typeof settings === 'object' && settings !== null ? (settings as { modules?: unknown }).modules : undefined;
  if (!Array.isArray(modules)) return undefined;
  const module: unknown = modules.find((candidate: unknown) => typeof candidate === 'object' && candidate !== null && (candidate as { id?: unknown }).id === moduleId);
  return typeof module === 'object' && module !== null ? (module as { config?: unknown }).config : undefined;
}

function labelsOf(config: unknown): Map<string, string> {
  const parsed = extractionConfigSchema.safeParse(config ?? {});
  if (!parsed.success) return new Map();
  return new Map(parsed.data.fields.filter((field) => field.label.trim() !== '').map((field) => [field.name, field.label.trim()]));
}

function cappedValue(value: unknown): { value: unknown; truncated: boolean } {
  if (typeof value === 'string') return value.length > LIMITS.valueChars ? { value: value.slice(0, LIMITS.valueChars), truncated: true } : { value, truncated: false };
  if (typeof value !== 'object') return { value, truncated: false };
  const json = JSON.stringify(value);
  return json.length > LIMITS.valueChars ? { value: json.slice(0, LIMITS.valueChars), truncated: true } : { value, truncated: false };
}

function draftOf(results: readonly ModuleResult[]): ReplyDraftSummary | null {
  for (const module of succeeded(results, 'replyTemplate')) {
    const parsed = replyTemplateResultSchema.safeParse(module.result);
    if (!parsed.success) continue;
    const { draft, template } = parsed.data;
    return { text: draft.slice(0, LIMITS.draftChars), truncated: draft.length > LIMITS.draftChars, template: template.name };
  }
  return null;
}
