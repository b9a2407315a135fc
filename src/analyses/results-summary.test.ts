/**
 * The analysis's results summary from real engine results: consolidation's final categories win over
 * the categorization modules' own; modules that failed or were skipped give nothing; values and the
 * draft are capped, saying so.
 */
import { describe, expect, it } from 'vitest';
import { categorize } from '../categorization/categorize';
import { consolidate } from '../categorization/consolidate';
import { category, doc, input, rule } from '../categorization/test-fixtures';
import type { ModuleResult } from '../contract/analysis-results';
import type { CategorizationResult } from '../contract/modules/categorization';
import { consolidationConfigSchema } from '../contract/modules/consolidation';
import { RESULTS_SUMMARY_LIMITS } from '../contract/results-summary';
import { resultsSummaryOf } from './results-summary';

const module = (type: ModuleResult['type'], moduleId: string, result: unknown, outcome: ModuleResult['outcome'] = 'success'): ModuleResult => ({
  moduleId,
  type,
  name: `${type} ${moduleId}`,
  outcome,
  message: null,
  result,
});

/** Body says "hublot" (a porthole repair) and the attachment is a quote: two documents, two categories. */
function categorized(): CategorizationResult {
  const config = {
    defaultCategory: 'divers_hublots',
    categories: [
      category('reparation_hublot', [rule('sujetHublot', [{ type: 'header', header: 'subject', condition: { operator: 'contains', value: 'hublot' } }])]),
      category('devis_hublot', [rule('pieceDevis', [{ type: 'consolidationSource', source: 'attachment', fileName: 'devis*' }])], { target: 'attachment' }),
    ],
  };
  return categorize(
    input(config, [doc(0, 'body', [[]], 'demande.eml'), doc(1, 'attachment', [[]], 'devis-hublot.pdf')], {
      headers: { subject: 'Hublot fêlé, cabine 12' },
    }),
  );
}

const extraction = (fields: Record<string, unknown>) => ({ scope: 'analysis', fields, errors: [], documents: [] });

describe('resultsSummaryOf', () => {
  it("takes the categorization modules' categories with why, each once, when no consolidation ran", () => {
    const result = categorized();
    const summary = resultsSummaryOf([module('categorization', 'c1', result), module('categorization', 'c2', result)]);
    expect(summary.categories.map((entry) => [entry.name, entry.documentName])).toEqual([
      ['reparation_hublot', 'demande.eml'],
      ['devis_hublot', 'devis-hublot.pdf'],
    ]);
    expect(summary.categories[0]!.decision.explanation).toMatchObject({ kind: 'rule', ruleName: 'sujetHublot', held: [{ evidence: [expect.stringContaining('Hublot fêlé')] }] });
    expect(summary.categories[0]!.labels).toEqual([]);
  });

  it("prefers consolidation's final categories and labels when it succeeded", () => {
    const result = categorized();
    const consolidation = consolidate({
      config: consolidationConfigSchema.parse({ precedence: 'attachment', labels: [{ category: 'devis_hublot', labels: ['Devis à valider'] }] }),
      workflowId: 'wf-hublots',
      results: [{ moduleId: 'c1', result }],
      taints: [],
    });
    const summary = resultsSummaryOf([module('categorization', 'c1', result), module('consolidation', 'k', consolidation)]);
    expect(summary.categories.map((entry) => [entry.name, entry.labels])).toEqual([['devis_hublot', ['Devis à valider']]]);
    expect(summary.categories[0]!.decision.explanation).toMatchObject({ kind: 'rule', ruleName: 'pieceDevis' });
  });

  it('falls back to categorization when consolidation failed, and gives nothing for failed or skipped modules', () => {
    const result = categorized();
    const fellBack = resultsSummaryOf([module('categorization', 'c1', result), module('consolidation', 'k', null, 'error')]);
    expect(fellBack.categories.map((entry) => entry.name)).toEqual(['reparation_hublot', 'devis_hublot']);

    const failed = resultsSummaryOf([
      module('categorization', 'c1', result, 'error'),
      module('extraction', 'e', extraction({ cabine: '12' }), 'error'),
      module('replyTemplate', 'r', { template: { id: 't', name: 'Accusé hublot', chosenFor: 'default', category: null }, draft: 'Bien reçu.' }, 'skipped'),
      // A result that does not read as its module's gives nothing either.
      module('categorization', 'c2', { documents: 'garbage' }),
    ]);
    expect(failed).toEqual({ categories: [], extractedData: [], replyDraft: null });
    expect(resultsSummaryOf([])).toEqual({ categories: [], extractedData: [], replyDraft: null });
    // Settings that do not read as expected only lose the labels.
    for (const settings of [null, 'broken', { modules: 'broken' }, { modules: [{ id: 'e', config: { fields: 'broken' } }] }]) {
      expect(resultsSummaryOf([module('extraction', 'e', extraction({ cabine: '12' }))], settings).extractedData).toEqual([{ name: 'cabine', label: null, value: '12', truncated: false, document: null }]);
    }
  });

  it('lists the values found with their labels, per analysis and per document, and leaves the missing ones out', () => {
    const summary = resultsSummaryOf(
      [
        module('extraction', 'e1', extraction({ numero_cabine: '12', diametre_mm: 420, urgent: null })),
        module('extraction', 'e2', { scope: 'documents', fields: null, errors: [], documents: [{ document: 1, documentName: 'devis-hublot.pdf', source: 'attachment', fields: { montant: 980.5 }, errors: [] }] }),
      ],
      { modules: [{ id: 'e1', type: 'extraction', config: { fields: [{ id: 'f1', name: 'numero_cabine', label: 'Numéro de cabine', source: { type: 'header', header: 'subject' } }] } }] },
    );
    expect(summary.extractedData).toEqual([
      { name: 'numero_cabine', label: 'Numéro de cabine', value: '12', truncated: false, document: null },
      { name: 'diametre_mm', label: null, value: 420, truncated: false, document: null },
      { name: 'montant', label: null, value: 980.5, truncated: false, document: 'devis-hublot.pdf' },
    ]);
  });

  it('keeps the first reply draft with its template name, and caps the draft, the values and the number of fields', () => {
    const long = 'x'.repeat(RESULTS_SUMMARY_LIMITS.draftChars + 10);
    const many = Object.fromEntries(Array.from({ length: RESULTS_SUMMARY_LIMITS.fields + 5 }, (_, index) => [`champ_${index}`, index]));
    const summary = resultsSummaryOf([
      module('extraction', 'e', extraction({ note: 'y'.repeat(RESULTS_SUMMARY_LIMITS.valueChars + 1), liste: Array.from({ length: 200 }, () => 'hublot'), ...many })),
      module('replyTemplate', 'r', { template: { id: 't', name: 'Accusé hublot', chosenFor: 'default', category: null }, draft: long }),
      module('replyTemplate', 'r2', { template: { id: 't2', name: 'Autre', chosenFor: 'default', category: null }, draft: 'second' }),
    ]);
    expect(summary.replyDraft).toEqual({ text: long.slice(0, RESULTS_SUMMARY_LIMITS.draftChars), truncated: true, template: 'Accusé hublot' });
    expect(summary.extractedData).toHaveLength(RESULTS_SUMMARY_LIMITS.fields);
    expect(summary.extractedData[0]).toMatchObject({ name: 'note', truncated: true });
    expect((summary.extractedData[0]!.value as string).length).toBe(RESULTS_SUMMARY_LIMITS.valueChars);
    expect(summary.extractedData[1]).toMatchObject({ name: 'liste', truncated: true, value: expect.stringMatching(/^\["hublot"/) });
  });
});
