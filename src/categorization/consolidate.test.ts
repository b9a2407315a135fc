/** Consolidation: precedence, attachment precedence, merge, default dropping, labels. */
import { describe, expect, it } from 'vitest';
import { consolidationConfigSchema, type ConsolidationConfigInput } from '../contract/modules/consolidation';
import type { CategorizationResult, DocumentCategorization } from '../contract/modules/categorization';
import { consolidate } from './consolidate';

function docResult(document: number, source: DocumentCategorization['source'], categories: string[], isDefault = false): DocumentCategorization {
  return {
    document,
    documentName: `doc${document}`,
    source,
    page: null,
    taints: [],
    categories: categories.map((category) => ({
      category,
      categoryId: null,
      target: source === 'attachment' ? 'attachment' : 'body',
      explanation: isDefault ? { kind: 'default' } : { kind: 'rule', ruleId: 'r', ruleName: category, priority: 1, combinator: 'and', held: [], taint: null },
    })),
  };
}

const result = (...documents: DocumentCategorization[]): CategorizationResult => ({ documents, taints: [], advancedErrors: [], documentsNotCategorized: 0 });

function run(config: ConsolidationConfigInput, ...documents: DocumentCategorization[]) {
  return consolidate({ config: consolidationConfigSchema.parse(config), workflowId: 'wf-1', results: [{ moduleId: 'cat', result: result(...documents) }], taints: ['urgent'] });
}

describe('consolidate', () => {
  const body = docResult(0, 'main', ['Résiliation']);
  const attachment = docResult(1, 'attachment', ['Déclaration de sinistre']);

  it("keeps the body's category by default, the attachment's with precedence on attachments", () => {
    expect(run({}, body, attachment).categories.map((c) => [c.category, c.reason])).toEqual([['Résiliation', 'precedence']]);
    expect(run({ precedence: 'attachment' }, body, attachment).categories.map((c) => c.category)).toEqual(['Déclaration de sinistre']);
  });

  it('puts listed attachment categories first whatever the precedence', () => {
    const out = run({ attachmentPrecedence: ['déclaration de sinistre'] }, body, attachment);
    expect(out.categories[0]).toMatchObject({ category: 'Déclaration de sinistre', reason: 'attachmentPrecedence', from: { document: 1, source: 'attachment', moduleId: 'cat' } });
  });

  it('merges every distinct category in order with union, up to the maximum', () => {
    const twice = docResult(2, 'attachment', ['Résiliation']);
    const out = run({ merge: 'union' }, body, attachment, twice);
    expect(out.categories.map((c) => [c.category, c.reason])).toEqual([['Résiliation', 'precedence'], ['Déclaration de sinistre', 'merged']]);
    expect(run({ merge: 'union', maxCategories: 1 }, body, attachment).categories).toHaveLength(1);
  });

  it('drops the default category when another was given, unless told not to', () => {
    const fallback = docResult(0, 'main', ['Autre'], true);
    expect(run({ merge: 'union' }, fallback, attachment).categories.map((c) => c.category)).toEqual(['Déclaration de sinistre']);
    expect(run({ merge: 'union', dropDefault: false }, fallback, attachment).categories.map((c) => c.category)).toEqual(['Déclaration de sinistre', 'Autre']);
    expect(run({}, fallback).categories).toMatchObject([{ category: 'Autre', reason: 'default' }]);
    expect(run({}, docResult(0, 'main', [])).categories).toEqual([]);
  });

  it('labels with the mapping, or the category name, and keeps the decision behind each category', () => {
    const out = run({ merge: 'union', labels: [{ category: 'Résiliation', labels: ['RESIL', 'A_TRAITER'] }] }, body, attachment);
    expect(out.labels).toEqual(['RESIL', 'A_TRAITER', 'Déclaration de sinistre']);
    expect(out.workflowId).toBe('wf-1');
    expect(out.taints).toEqual(['urgent']);
    expect(out.categories[0]!.decision.explanation).toMatchObject({ kind: 'rule', ruleName: 'Résiliation' });
  });
});
