// @vitest-environment jsdom
/**
 * The overview tab opens with what the analysis found, before its status and timings: the category
 * with why (from a real categorization), the extracted values under their labels, and the reply
 * draft, as text even when a sender wrote HTML; empty states when there is nothing; in French and
 * in English. The list's category cell shows the names and filters on a click.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../../i18n/setup';
import { categorize } from '../../categorization/categorize';
import { category, doc, input, rule } from '../../categorization/test-fixtures';
import { resultsSummaryOf } from '../../analyses/results-summary';
import type { AnalysisDetail, ModuleResult } from '../../contract/analyses';
import { AnalysisOverview } from './analysis-overview';
import { CategoryCell } from './category-cell';

afterEach(() => cleanup());

async function inLanguage(language: 'fr' | 'en') {
  await initI18n(language);
  await i18next.changeLanguage(language);
}

function results(): ModuleResult[] {
  const config = {
    categories: [category('reparation_hublot', [rule('sujetHublot', [{ type: 'header', header: 'subject', condition: { operator: 'contains', value: 'hublot' } }])])],
  };
  const categorized = categorize(input(config, [doc(0, 'body', [[]], 'hublot.eml')], { headers: { subject: 'Hublot fêlé' } }));
  return [
    { moduleId: 'tri', type: 'categorization', name: 'Tri', outcome: 'success', message: null, result: categorized },
    { moduleId: 'champs', type: 'extraction', name: 'Champs', outcome: 'success', message: null, result: { scope: 'analysis', fields: { numero_cabine: '<b>12</b>', diametre_mm: 420 }, errors: [], documents: [] } },
    {
      moduleId: 'rep',
      type: 'replyTemplate',
      name: 'Réponse',
      outcome: 'success',
      message: null,
      result: { template: { id: 't', name: 'Réponse hublot', chosenFor: 'category', category: 'reparation_hublot' }, draft: 'Bonjour,\n<script>alert(1)</script> le hublot est noté.' },
    },
  ];
}

function analysis(summary: Pick<AnalysisDetail, 'categories' | 'extractedData' | 'replyDraft'>, status: AnalysisDetail['status'] = 'processed'): AnalysisDetail {
  return {
    id: 'a1', name: 'Hublot', status, inputType: 'email', createdAt: '2026-03-20T10:00:00Z', startedAt: null, finishedAt: null,
    anonymizedAt: null, metadata: {}, manualFinalStatus: false, awaitingFinalStatus: false, fileCount: 1, sizeBytes: 120,
    files: [], modules: [], trace: [], deliveries: [], error: null, exchangeLabels: null, cpuMs: 12, ...summary,
  };
}

const configured = { modules: [{ id: 'champs', type: 'extraction', config: { fields: [{ id: 'f', name: 'numero_cabine', label: 'Numéro de cabine', source: { type: 'header', header: 'subject' } }] } }] };

describe('the overview tab', () => {
  it('shows the category with why, the labelled fields and the draft before the status, in French', async () => {
    await inLanguage('fr');
    const { container } = render(<AnalysisOverview analysis={analysis(resultsSummaryOf(results(), configured))} />);
    const summary = screen.getByTestId('results-summary');
    // Before the status table.
    expect(summary.compareDocumentPosition(screen.getByTestId('overview')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(summary).getByRole('heading', { name: 'Catégorie' })).toBeTruthy();
    expect(screen.getByTestId('results-category-name').textContent).toBe('reparation_hublot');
    expect(screen.getByTestId('category-why').textContent).toContain('sujetHublot');
    expect(screen.getByText('Décidée sur « hublot.eml »')).toBeTruthy();
    expect(within(summary).getByRole('heading', { name: 'Données extraites' })).toBeTruthy();
    const fields = screen.getAllByTestId('results-field').map((row) => [...row.children].map((cell) => cell.textContent));
    expect(fields).toEqual([
      ['Numéro de cabinenumero_cabine', '<b>12</b>', 'Toute l’analyse'],
      ['diametre_mm', '420', 'Toute l’analyse'],
    ]);
    expect(within(summary).getByRole('heading', { name: 'Brouillon de réponse' })).toBeTruthy();
    expect(screen.getByText('Modèle : Réponse hublot')).toBeTruthy();
    expect(screen.getByTestId('results-draft-text').textContent).toBe('Bonjour,\n<script>alert(1)</script> le hublot est noté.');
    // A sender's text is text: no element was made of it.
    expect(container.querySelector('script, b')).toBeNull();
  });

  it('says when there is nothing, and that results come at the end of a run, in French and in English', async () => {
    await inLanguage('fr');
    render(<AnalysisOverview analysis={analysis({ categories: [], extractedData: [], replyDraft: null }, 'pending')} />);
    expect(screen.getByText('Aucune catégorie')).toBeTruthy();
    expect(screen.getByText('Aucune donnée extraite')).toBeTruthy();
    expect(screen.getByText('Aucun brouillon de réponse')).toBeTruthy();
    expect(screen.getByText('Les résultats apparaîtront à la fin de l’analyse.')).toBeTruthy();
    cleanup();

    await inLanguage('en');
    render(<AnalysisOverview analysis={analysis({ categories: [], extractedData: [], replyDraft: null })} />);
    expect(screen.getByText('No category')).toBeTruthy();
    expect(screen.getByText('No extracted data')).toBeTruthy();
    expect(screen.getByText('No reply draft')).toBeTruthy();
    expect(screen.queryByText('Results will appear when the analysis ends.')).toBeNull();
  });

  it('shows the same results in English', async () => {
    await inLanguage('en');
    render(<AnalysisOverview analysis={analysis(resultsSummaryOf(results(), configured))} />);
    const summary = screen.getByTestId('results-summary');
    expect(within(summary).getByRole('heading', { name: 'Category' })).toBeTruthy();
    expect(screen.getByText('Decided on "hublot.eml"')).toBeTruthy();
    expect(within(summary).getByRole('heading', { name: 'Extracted data' })).toBeTruthy();
    expect(screen.getAllByText('Whole analysis')).toHaveLength(2);
    expect(within(summary).getByRole('heading', { name: 'Reply draft' })).toBeTruthy();
    expect(screen.getByText('Template: Réponse hublot')).toBeTruthy();
  });
});

describe("the list's category cell", () => {
  it('shows each category and filters on the one clicked, named in the reader\'s language', async () => {
    await inLanguage('en');
    const onFilter = vi.fn();
    render(<CategoryCell names={['reparation_hublot', 'devis_hublot']} onFilter={onFilter} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show only the category "devis_hublot"' }));
    expect(onFilter).toHaveBeenCalledWith('devis_hublot');
    cleanup();
    await inLanguage('fr');
    render(<CategoryCell names={['reparation_hublot']} onFilter={onFilter} />);
    expect(screen.getByRole('button', { name: 'Ne montrer que la catégorie « reparation_hublot »' }).textContent).toBe('reparation_hublot');
  });
});
