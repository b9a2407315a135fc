/** Builders for the engine's tests: documents with NLU results, configurations parsed by the contract. */
import { categorizationConfigSchema } from '../contract/modules/categorization';
import type { NluInteractionResult } from '../contract/modules/nlu';
import type { CategorizationInput, EngineDocument } from './types';

export function found(id: string, parameters: Record<string, string[]> = {}, complete = true, context = 'assurance'): NluInteractionResult {
  return {
    id,
    context,
    complete,
    missing: [],
    parameters: Object.fromEntries(
      Object.entries(parameters).map(([name, values]) => [name, values.map((value) => ({ value, text: value, start: 0, end: value.length, archetype: name, path: [], parents: [] }))]),
    ),
  };
}

export function doc(index: number, source: EngineDocument['source'], interactions: NluInteractionResult[][], name = `doc${index}`, pages = false): EngineDocument {
  return { index, name, source, blocks: interactions.map((list, page) => ({ page: pages ? page + 1 : null, text: `page ${page + 1}`, interactions: list })) };
}

export function input(config: unknown, documents: EngineDocument[], more: Partial<CategorizationInput> = {}): CategorizationInput {
  return {
    config: categorizationConfigSchema.parse(config),
    documents,
    inputType: null,
    multiCategory: false,
    attachmentCategoriesPerPage: false,
    headers: {},
    metadata: {},
    extracted: { analysis: {}, documents: {} },
    given: [],
    taints: { analysis: [], documents: {} },
    requiredTaints: [],
    ...more,
  };
}

let ids = 0;
export function rule(name: string, criteria: unknown[], more: Record<string, unknown> = {}) {
  return { id: `r${++ids}`, name, criteria, ...more };
}
export function category(name: string, rules: unknown[], more: Record<string, unknown> = {}) {
  return { id: `c-${name}`, name, rules, ...more };
}
export const interaction = (id: string, parameters: unknown[] = [], more: Record<string, unknown> = {}) => ({ type: 'interaction', interaction: id, parameters, ...more });
