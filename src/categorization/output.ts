/** The output payload's `categories` (modules/consolidation.ts `outputCategoriesSchema`), honouring "categories to skip". */
import type { CategorizationResult } from '../contract/modules/categorization';
import type { ConsolidationResult, OutputCategories } from '../contract/modules/consolidation';
import { labelsOf } from './consolidate';

export function outputCategories(
  categorized: readonly { moduleId: string; module: string; result: CategorizationResult }[],
  consolidation: ConsolidationResult | null,
  categoriesToSkip: readonly string[],
): OutputCategories {
  const skip = new Set(categoriesToSkip.map((name) => name.toLowerCase()));
  const skipped = new Set<string>();
  const kept = <T extends { category: string }>(list: readonly T[]) =>
    list.filter((entry) => {
      if (!skip.has(entry.category.toLowerCase())) return true;
      skipped.add(entry.category);
      return false;
    });
  const documents = categorized.flatMap(({ moduleId, module, result }) =>
    result.documents.map((doc) => ({ ...doc, categories: kept(doc.categories), moduleId, module })),
  );
  const final = consolidation === null ? null : kept(consolidation.categories);
  const taints = consolidation?.taints ?? [...new Set(categorized.flatMap(({ result }) => [...result.taints, ...result.documents.flatMap((doc) => doc.taints)]))];
  return {
    documents,
    final,
    labels: final === null ? null : labelsOf(final),
    workflowId: consolidation?.workflowId ?? null,
    taints,
    skipped: [...skipped],
  };
}
