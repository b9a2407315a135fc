/**
 * The engine's documents from what earlier modules wrote: the extractor's documents and blocks, with
 * the NLU results of every NLU module matched to their block. Also the analysis's headers (the main
 * mail's, lower-cased names) and the categories and taints earlier categorization modules gave.
 */
import type { ExtractorResult } from '../contract/analyses';
import type { CategorizationResult } from '../contract/modules/categorization';
import type { NluInteractionResult } from '../contract/modules/nlu';
import type { NluModuleResult } from '../contract/nlu-module';
import type { EngineDocument, GivenCategory, TaintState } from './types';

export function engineDocuments(extraction: ExtractorResult, nluResults: readonly NluModuleResult[]): EngineDocument[] {
  const byBlock = new Map<string, NluInteractionResult[]>();
  for (const result of nluResults) {
    for (const block of result.blocks) {
      const key = `${block.document}:${block.block}`;
      byBlock.set(key, [...(byBlock.get(key) ?? []), ...block.result.interactions]);
    }
  }
  return extraction.documents.map((doc, index) => ({
    index,
    name: doc.name,
    source: doc.source,
    blocks: doc.blocks.map((block, blockIndex) => ({ page: block.page, text: block.text, interactions: byBlock.get(`${index}:${blockIndex}`) ?? [] })),
  }));
}

export function mailHeaders(extraction: ExtractorResult | null): Record<string, string> {
  const main = extraction?.documents.find((doc) => doc.source === 'main' && doc.headers !== null);
  return Object.fromEntries(Object.entries(main?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}

export function givenCategories(results: readonly CategorizationResult[]): GivenCategory[] {
  return results.flatMap((result) =>
    result.documents.flatMap((doc) =>
      doc.categories.map((decision) => ({ name: decision.category, target: decision.target, document: doc.document, documentName: doc.documentName })),
    ),
  );
}

/** Taints after some categorization results, on top of `before`. */
export function taintsAfter(before: TaintState, result: CategorizationResult): TaintState {
  const documents: Record<number, string[]> = Object.fromEntries(Object.entries(before.documents).map(([key, value]) => [key, [...value]]));
  for (const doc of result.documents) {
    if (doc.taints.length === 0) continue;
    documents[doc.document] = [...new Set([...(documents[doc.document] ?? []), ...doc.taints])];
  }
  return { analysis: [...new Set([...before.analysis, ...result.taints])], documents };
}

/** Every taint the analysis carries, on itself or on one of its documents. */
export function carriedTaints(state: TaintState): string[] {
  return [...new Set([...state.analysis, ...Object.values(state.documents).flat()])];
}
