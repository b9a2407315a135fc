// @vitest-environment jsdom
/**
 * The run result screens' pieces with metrics and outcomes from the real engine: the metrics table
 * shows every special value (never dropped) with its explanation beside the averages, and the messages
 * list shows a message's stored error code in the user's language, opens a message still in the bank
 * on its qualification screen and names one that left it.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { paths } from '../../../app/paths';
import { EMPTY_DOMAIN_RULES } from '../../../contract/testing-evaluation';
import type { TestMessageRow } from '../../../contract/testing-runs';
import { initI18n } from '../../../i18n/setup';
import { metricsByKind } from '../../../testing-center/metrics';
import { evaluateMessage } from '../../../testing-center/outcomes';
import { MessagesList } from './messages-list';
import { MetricsTable } from './metrics-table';

beforeAll(() => initI18n('fr'));
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('fr');
});

const PROJECT = 'p1';
const entry = (value: string) => ({ key: 'category', document: null, format: 'string' as const, value });
const inRouter = (node: ReactNode) => <MemoryRouter>{node}</MemoryRouter>;

function row(messageId: string, expected: string | null, obtained: string[], extra: Partial<TestMessageRow> = {}): TestMessageRow {
  const expectedValues = { categories: { qualified: expected !== null, values: expected === null ? [] : [entry(expected)] } };
  const obtainedValues = { categories: obtained.map(entry) };
  const outcomes = evaluateMessage({ messageId, expected: expectedValues, obtained: obtainedValues }, ['categories'], EMPTY_DOMAIN_RULES);
  return { messageId, name: `${messageId}.eml`, inBank: true, status: 'success', error: null, durationMs: 10, expected: expectedValues, obtained: obtainedValues, outcomes, firedRules: [], ...extra };
}

const rows = [
  row('right', 'Devis', ['Devis']),
  row('unqualified', null, ['Devis']),
  row('nothing', 'Résiliation', []),
  row('no-file', 'Devis', [], { status: 'error', error: { code: 'testMessageNoFile', params: {} } }),
  row('late', 'Devis', [], { status: 'timeout', error: { code: 'testMessageTimeout', params: { timeoutMs: 60000 } } }),
];

describe('metrics table', () => {
  const metrics = metricsByKind(rows.map((message) => message.outcomes), ['categories']).categories!;
  const valueRow = (value: string) => screen.getByRole('table', { name: /Métriques|Metrics/ }).querySelector(`tr[data-value="${value}"]`) as HTMLElement;

  it('lists the special values as their own rows beside the averages', () => {
    render(<MetricsTable metrics={metrics} />);
    const table = screen.getByRole('table', { name: 'Métriques' });
    // NO_QUALIFIED: the unqualified message's one FN; NO_CATEGORY: nothing obtained, three times, as FP.
    expect(within(valueRow('NO_QUALIFIED')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['NO_QUALIFIED (non qualifié)', '0', '0', '1', '0.000', '0.000', '0.000', '1']);
    expect(within(valueRow('NO_CATEGORY')).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual(['NO_CATEGORY (aucune catégorie)', '0', '3', '0']);
    // Devis: one TP, two FN (no file, late); what the unqualified message obtained is not an FP (no ground truth).
    expect(within(valueRow('Devis')).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual(['Devis', '1', '0', '2']);
    expect(within(table).getByText('Moyenne micro')).toBeTruthy();
    expect(within(table).getByText('Moyenne macro')).toBeTruthy();
  });

  it('keeps the special codes and explains them in the reader’s language, beside and as a tooltip', async () => {
    const { rerender } = render(<MetricsTable metrics={metrics} />);
    // The code itself stays as the spec and the exports name it.
    expect(within(valueRow('NO_QUALIFIED')).getByText('NO_QUALIFIED').tagName).toBe('CODE');
    expect(valueRow('NO_QUALIFIED').querySelector('[title]')?.getAttribute('title')).toBe('Le message n\'est pas qualifié pour ce type : compté comme un FN, hors des moyennes micro et macro.');
    expect(valueRow('NO_CATEGORY').querySelector('[title]')?.getAttribute('title')).toMatch(/^Aucune catégorie obtenue/);
    // A plain value has no explanation.
    expect(valueRow('Devis').querySelector('[title]')).toBeNull();
    await i18next.changeLanguage('en');
    rerender(<MetricsTable metrics={{ ...metrics }} />);
    expect(valueRow('NO_QUALIFIED').querySelector('td')!.textContent).toBe('NO_QUALIFIED (not qualified)');
    expect(valueRow('NO_CATEGORY').querySelector('[title]')?.getAttribute('title')).toMatch(/^No category obtained/);
  });

  it('explains NO_DOMAIN_RULE too', () => {
    const outside = evaluateMessage(
      { messageId: 'x', expected: { categories: { qualified: true, values: [entry('Devis')] } }, obtained: { categories: [entry('Spam')] } },
      ['categories'],
      { ...EMPTY_DOMAIN_RULES, v1: { inScope: ['Devis'], skipped: [], merged: [] } },
    );
    render(<MetricsTable metrics={metricsByKind([outside], ['categories']).categories!} />);
    expect(valueRow('NO_DOMAIN_RULE').querySelector('td')!.textContent).toBe('NO_DOMAIN_RULE (hors règles métier)');
    expect(valueRow('NO_DOMAIN_RULE').querySelector('[title]')?.getAttribute('title')).toMatch(/^Catégorie hors des règles métier v1/);
  });
});

describe('messages list', () => {
  it("shows a message's error code as a sentence in the user's language", async () => {
    const { rerender } = render(inRouter(<MessagesList projectId={PROJECT} messages={rows} kind="categories" />));
    expect(screen.getByText("Le message n'a aucun fichier à analyser.")).toBeTruthy();
    expect(screen.getByText('Aucun résultat en 60000 ms.')).toBeTruthy();
    await i18next.changeLanguage('en');
    rerender(inRouter(<MessagesList projectId={PROJECT} messages={[...rows]} kind="categories" />));
    expect(screen.getByText('The message has no file to analyse.')).toBeTruthy();
    expect(screen.queryByText('testMessageNoFile')).toBeNull();
  });

  it('opens a message still in the bank on its qualification screen, and names one the bank no longer holds', () => {
    const gone = row('gone', 'Devis', ['Devis'], { inBank: false });
    render(inRouter(<MessagesList projectId={PROJECT} messages={[rows[0]!, gone]} kind="categories" />));
    const messageRow = (id: string) => document.querySelector(`[data-message-id="${id}"]`) as HTMLElement;
    const link = within(messageRow('right')).getByRole('link', { name: 'right.eml' });
    expect(link.getAttribute('href')).toBe(`${paths.qualification(PROJECT)}?message=right`);
    expect(within(messageRow('gone')).queryByRole('link')).toBeNull();
    expect(within(messageRow('gone')).getByText('gone.eml')).toBeTruthy();
    expect(within(messageRow('gone')).getByText('(plus dans la banque)')).toBeTruthy();
  });

  it('explains NO_QUALIFIED where a message is not qualified', () => {
    render(inRouter(<MessagesList projectId={PROJECT} messages={[rows[1]!]} kind="categories" />));
    const cells = within(document.querySelector('[data-message-id="unqualified"]') as HTMLElement).getAllByRole('cell');
    expect(cells[1]!.textContent).toBe('NO_QUALIFIED (non qualifié)');
    // The outcome keeps the code, its rule beside it and the explanation as its tooltip.
    expect(cells[3]!.textContent).toBe('FN NO_QUALIFIED · Non qualifié');
    expect(cells[3]!.querySelector('[data-special-value="NO_QUALIFIED"]')?.getAttribute('title')).toMatch(/^Le message n'est pas qualifié/);
  });
});
