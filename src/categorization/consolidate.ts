/**
 * Consolidation (modules/consolidation.ts): the per-document categories of the categorization
 * modules become the analysis's final categories and labels. Pure, never throws.
 */
import type { CategorizationResult } from '../contract/modules/categorization';
import type { ConsolidatedCategory, ConsolidationConfig, ConsolidationResult } from '../contract/modules/consolidation';

export interface ConsolidationInput {
  config: ConsolidationConfig;
  /** The workflow id to report (the config's, or one the caller made when it is empty). */
  workflowId: string;
  /** Categorization results in pipeline order. */
  results: readonly { moduleId: string; result: CategorizationResult }[];
  /** Taints the analysis carries (analysis scope and every document's). */
  taints: readonly string[];
}

type Candidate = Omit<ConsolidatedCategory, 'reason' | 'labels'> & { side: 'body' | 'attachment'; isDefault: boolean };

export function consolidate(input: ConsolidationInput): ConsolidationResult {
  const { config } = input;
  const candidates: Candidate[] = [];
  for (const { moduleId, result } of input.results) {
    for (const doc of result.documents) {
      for (const decision of doc.categories) {
        candidates.push({
          category: decision.category,
          from: { moduleId, document: doc.document, documentName: doc.documentName, source: doc.source, page: doc.page },
          decision,
          side: doc.source === 'attachment' ? 'attachment' : 'body',
          isDefault: decision.explanation.kind === 'default',
        });
      }
    }
  }
  const real = candidates.filter((candidate) => !candidate.isDefault);
  const pool = config.dropDefault && real.length > 0 ? real : candidates;

  const preferred = new Set(config.attachmentPrecedence.map((name) => name.toLowerCase()));
  const rank = (candidate: Candidate) => {
    if (candidate.isDefault) return 3;
    if (candidate.side === 'attachment' && preferred.has(candidate.category.toLowerCase())) return 0;
    return candidate.side === config.precedence ? 1 : 2;
  };
  // Stable sort: within a rank, documents keep their order and each document its best-first order.
  const ordered = pool.map((candidate, position) => ({ candidate, position })).sort((a, b) => rank(a.candidate) - rank(b.candidate) || a.position - b.position);

  const distinct: { candidate: Candidate; rank: number }[] = [];
  for (const { candidate } of ordered) {
    if (!distinct.some((entry) => entry.candidate.category === candidate.category)) distinct.push({ candidate, rank: rank(candidate) });
  }
  const kept = config.merge === 'winner' ? distinct.slice(0, 1) : distinct.slice(0, config.maxCategories);
  const sides = new Set(pool.filter((candidate) => !candidate.isDefault).map((candidate) => candidate.side));

  const categories: ConsolidatedCategory[] = kept.map(({ candidate, rank: level }, index) => {
    const reason: ConsolidatedCategory['reason'] = candidate.isDefault
      ? 'default'
      : index > 0
        ? 'merged'
        : level === 0
          ? 'attachmentPrecedence'
          : sides.size > 1
            ? 'precedence'
            : 'only';
    const mapped = config.labels.find((entry) => entry.category.toLowerCase() === candidate.category.toLowerCase())?.labels ?? [candidate.category];
    return { category: candidate.category, reason, from: candidate.from, decision: candidate.decision, labels: mapped };
  });
  const labels = labelsOf(categories);
  return { workflowId: input.workflowId, categories, labels, taints: [...new Set(input.taints)] };
}

/** The labels of final categories, in order, without repeats. */
export function labelsOf(categories: readonly Pick<ConsolidatedCategory, 'labels'>[]): string[] {
  return [...new Set(categories.flatMap((category) => category.labels))];
}
