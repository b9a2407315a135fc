/**
 * What a light user reads first of an analysis (the self-service result) besides its categories
 * (the analysis's own summary, `analysis.categories`, decided once by the server as the list and the
 * full console show them): the modules holding extracted data and the reply drafts — picked from the
 * same module results the full console shows, without the trace or the modules' internals. Pure, so
 * it is tested without a screen.
 */
import type { ModuleResult } from '../../contract/analyses';
import { extractionConfigSchema } from '../../contract/modules/extraction';
import { replyTemplateResultSchema } from '../../contract/modules/reply-template';

export { categoryLabel } from '../../ui/category-label';

export interface LightResult {
  /** Extraction modules that produced a result (shown with the full console's extraction view). */
  extractions: ModuleResult[];
  drafts: { moduleId: string; draft: string }[];
}

export function lightResultOf(modules: readonly ModuleResult[]): LightResult {
  const done = modules.filter((module) => module.outcome === 'success' && module.result !== null && module.result !== undefined);
  return {
    extractions: done.filter((module) => module.type === 'extraction'),
    drafts: done.flatMap((module) => {
      if (module.type !== 'replyTemplate') return [];
      const parsed = replyTemplateResultSchema.safeParse(module.result);
      return parsed.success ? [{ moduleId: module.moduleId, draft: parsed.data.draft }] : [];
    }),
  };
}

/**
 * The labels the use case gives its extracted fields ("Numéro de contrat" for `numero_contrat`), from
 * the module's settings; a field without a label (or an unreadable configuration) keeps its name.
 */
export function fieldLabelsOf(modules: readonly { id: string; config?: unknown }[] | undefined, moduleId: string): Record<string, string> {
  const config = modules?.find((module) => module.id === moduleId)?.config;
  const parsed = extractionConfigSchema.safeParse(config);
  if (!parsed.success) return {};
  return Object.fromEntries(parsed.data.fields.filter((field) => field.label.trim() !== '').map((field) => [field.name, field.label]));
}
