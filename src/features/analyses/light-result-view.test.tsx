// @vitest-environment jsdom
/**
 * The self-service result: the categories (consolidation's when it ran, readable names),
 * the extracted data and the reply draft come first, from the real engines' results; the modules'
 * internals (the rule that fired, the prompt, the trace) are not shown; a running analysis says it
 * is not ready yet; and all of it in French and in English.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../../i18n/setup';
import { categorize } from '../../categorization/categorize';
import { doc, found, input } from '../../categorization/test-fixtures';
import { extract } from '../../extraction/extract';
import type { AnalysisDetail, ModuleResult } from '../../contract/analyses';
import { extractionConfigSchema } from '../../contract/modules/extraction';
import { resultsSummaryOf } from '../../analyses/results-summary';
import { categoryLabel, fieldLabelsOf, lightResultOf } from './light-result';
import { LightResultView } from './light-result-view';

afterEach(() => cleanup());

function categorization(): ModuleResult {
  const config = {
    defaultCategory: 'autre_demande',
    categories: [{ id: 'rdv', name: 'prise_de_rendez_vous', rules: [{ id: 'r1', name: 'prendreRendezVous', priority: 1, criteria: [{ type: 'interaction', interaction: 'prendreRendezVous', context: 'assurance', parameters: [] }] }] }],
  };
  const result = categorize(input(config, [doc(0, 'body', [[found('prendreRendezVous')]], 'mail.eml')]));
  return { moduleId: 'cat', type: 'categorization', name: 'Catégorisation', outcome: 'success', result, message: null } as unknown as ModuleResult;
}

/** The extraction module's result for one field over one line of mail, by the real engine. */
function extraction(field: Record<string, unknown> = { id: 'a', name: 'numero_contrat', format: 'string', source: { type: 'regex', pattern: 'contrat n° ([A-Z]{2}-\\d{6})', group: 1 } }, text = 'Mon contrat n° AB-123456.'): ModuleResult {
  const result = extract({
    config: extractionConfigSchema.parse({ fields: [field] }),
    documents: [{ index: 0, name: 'mail.eml', source: 'main', blocks: [{ page: null, text, interactions: [] }] }],
    inputType: 'both',
    headers: { subject: 'Rendez-vous' },
    metadata: {},
    language: 'fr',
    now: new Date('2026-03-20T10:00:00Z'),
  });
  return { moduleId: 'ext', type: 'extraction', name: 'Extraction', outcome: 'success', result, message: null } as unknown as ModuleResult;
}

const reply: ModuleResult = {
  moduleId: 'rep',
  type: 'replyTemplate',
  name: 'Réponse',
  outcome: 'success',
  message: null,
  result: { template: { id: 't1', name: 'Accusé', chosenFor: 'default', category: null }, draft: 'Bonjour, nous revenons vers vous très vite.', llm: { model: 'm1', prompt: 'SECRET PROMPT' } },
} as unknown as ModuleResult;

/** An analysis as the server answers it: its summary made from its module results at the run's end. */
function analysis(modules: ModuleResult[], status: AnalysisDetail['status'] = 'processed'): AnalysisDetail {
  return {
    ...resultsSummaryOf(modules),
    id: 'a1', name: 'Rendez-vous', status, inputType: 'both', createdAt: '2026-03-20T10:00:00Z', startedAt: null, finishedAt: null,
    anonymizedAt: null, metadata: {}, manualFinalStatus: false, awaitingFinalStatus: false, fileCount: 1, sizeBytes: 120,
    files: [{ id: 'f1', name: 'rendez-vous.eml', role: 'main', size: 120 }], modules,
    trace: [{ run: 1, step: 0, module: 'queue', startedAt: '2026-03-20T10:00:00Z', durationMs: 3, outcome: 'success', message: 'TRACE LINE' }],
    deliveries: [], error: null, exchangeLabels: null, cpuMs: 12,
  } as unknown as AnalysisDetail;
}

describe('light result', () => {
  it('puts the categories, the extracted data and the reply draft up front, without internals, in French', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    const modules = [{ id: 'ext', config: { fields: [{ id: 'a', name: 'numero_contrat', label: 'Numéro de contrat', source: { type: 'regex', pattern: 'x' } }] } }];
    render(<LightResultView analysis={analysis([categorization(), extraction(), reply])} envId="e1" modules={modules} />);
    const view = screen.getByTestId('light-result');
    const categories = within(view).getByRole('region', { name: 'Catégories' });
    expect(within(categories).getByTestId('light-categories').textContent).toBe('Prise de rendez vous');
    const extracted = within(view).getByRole('region', { name: 'Informations relevées' });
    // The field under the label the use case gives it, not its technical name.
    expect(within(extracted).getAllByTestId('extracted-field').map((row) => row.textContent)).toEqual(['Numéro de contratAB-123456']);
    expect(within(view).getByRole('region', { name: 'Brouillon de réponse' }).textContent).toContain('Bonjour, nous revenons vers vous très vite.');
    expect(within(view).getByRole('button', { name: /rendez-vous\.eml/ })).toBeTruthy();
    // No module internals: not the rule that fired, not the prompt, not the trace.
    expect(view.textContent).not.toContain('prendreRendezVous');
    expect(view.textContent).not.toContain('SECRET PROMPT');
    expect(view.textContent).not.toContain('TRACE LINE');
  });

  it("shows the analysis's own final categories (its summary), as the list and the full console do", async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    // The summary says what was decided at the run's end (here consolidation's category, first); the
    // page does not decide again from the module results it also holds.
    const decided = { ...analysis([categorization()]), categories: [{ ...resultsSummaryOf([categorization()]).categories[0]!, name: 'visite_expert_sinistre' }] };
    const { unmount } = render(<LightResultView analysis={decided} envId="e1" />);
    expect(screen.getByTestId('light-categories').textContent).toBe('Visite expert sinistre');
    unmount();
    // An analysis finished before summaries were kept answers none: made from its results, by the same rule.
    render(<LightResultView analysis={{ ...analysis([categorization()]), categories: [] }} envId="e1" />);
    expect(screen.getByTestId('light-categories').textContent).toBe('Prise de rendez vous');
  });

  it('says a running analysis is not ready yet, and one with nothing found says so, in English', async () => {
    await initI18n('en');
    await i18next.changeLanguage('en');
    const { unmount } = render(<LightResultView analysis={analysis([], 'pending')} envId="e1" />);
    expect(screen.getByRole('status').textContent).toContain('Analysis in progress');
    expect(screen.getAllByText('Not ready yet.')).toHaveLength(2);
    unmount();
    render(<LightResultView analysis={analysis([])} envId="e1" />);
    expect(screen.getByText('No category was found for this message.')).toBeTruthy();
    expect(screen.getByText('This use case picks out no details.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Reply draft' })).toBeNull();
  });
});

describe('an empty list field', () => {
  it('says there is no value, in words, rather than an empty tree', async () => {
    const empty = () => extraction({ id: 'p', name: 'telephones', format: 'array', source: { type: 'regex', pattern: '0\\d{9}' } }, 'Pas de numéro ici.');
    const modules = [{ id: 'ext', config: { fields: [{ id: 'p', name: 'telephones', label: 'Téléphones', format: 'array', source: { type: 'regex', pattern: 'x' } }] } }];
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    const { unmount } = render(<LightResultView analysis={analysis([empty()])} envId="e1" modules={modules} />);
    const row = screen.getByTestId('extracted-field');
    expect(row.textContent).toBe('Téléphonesaucune valeur');
    expect(row.querySelector('details')).toBeNull();
    unmount();
    await i18next.changeLanguage('en');
    render(<LightResultView analysis={analysis([empty()])} envId="e1" modules={modules} />);
    expect(screen.getByTestId('extracted-field').textContent).toBe('Téléphonesno value');
  });
});

describe('lightResultOf', () => {
  it('picks the extraction results and the drafts, and skips modules that failed', () => {
    const consolidation = {
      moduleId: 'con', type: 'consolidation', name: 'Consolidation', outcome: 'success', message: null,
      result: {
        workflowId: 'w', labels: ['Rdv'], taints: [],
        categories: [{ category: 'visite_expert_sinistre', reason: 'only', labels: [], from: { moduleId: 'cat', document: 0, documentName: 'mail.eml', source: 'body', page: null }, decision: { category: 'visite_expert_sinistre', categoryId: null, target: 'body', explanation: { kind: 'default' } } }],
      },
    } as unknown as ModuleResult;
    const failed = { ...extraction(), outcome: 'error' } as ModuleResult;
    const result = lightResultOf([categorization(), consolidation, failed, reply]);
    expect(result.extractions).toEqual([]);
    expect(result.drafts).toEqual([{ moduleId: 'rep', draft: 'Bonjour, nous revenons vers vous très vite.' }]);
  });

  it("reads the extracted fields' labels from the module's settings, names where there is none", () => {
    const modules = [
      { id: 'other', config: { fields: [{ id: 'x', name: 'numero_contrat', label: 'Autre', source: { type: 'regex', pattern: 'x' } }] } },
      { id: 'ext', config: { fields: [{ id: 'a', name: 'numero_contrat', label: 'Numéro de contrat', source: { type: 'regex', pattern: 'x' } }, { id: 'b', name: 'telephone', source: { type: 'builtin', builtin: 'phone' } }] } },
    ];
    expect(fieldLabelsOf(modules, 'ext')).toEqual({ numero_contrat: 'Numéro de contrat' });
    expect(fieldLabelsOf(undefined, 'ext')).toEqual({});
    expect(fieldLabelsOf([{ id: 'ext', config: { fields: 'broken' } }], 'ext')).toEqual({});
  });

  it('writes identifiers as words', () => {
    expect(categoryLabel('prise_de_rendez_vous')).toBe('Prise de rendez vous');
    expect(categoryLabel('Devis urgent')).toBe('Devis urgent');
    expect(categoryLabel('__x__')).toBe('X');
  });
});
