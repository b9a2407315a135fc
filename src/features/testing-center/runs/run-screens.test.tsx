// @vitest-environment jsdom
/**
 * The run result screens' pieces with metrics and outcomes from the real engine: the metrics table
 * shows every special value (never dropped) beside micro and macro, and the messages list shows a
 * message's stored error code in the user's language.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
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

const entry = (value: string) => ({ key: 'category', document: null, format: 'string' as const, value });

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
  it('lists the special values as their own rows beside the averages', () => {
    const metrics = metricsByKind(rows.map((message) => message.outcomes), ['categories']).categories!;
    render(<MetricsTable metrics={metrics} />);
    const table = screen.getByRole('table', { name: 'Métriques' });
    const valueRow = (value: string) => table.querySelector(`tr[data-value="${value}"]`) as HTMLElement;
    // NO_QUALIFIED: the unqualified message's one FN; NO_CATEGORY: nothing obtained, three times, as FP.
    expect(within(valueRow('NO_QUALIFIED')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['NO_QUALIFIED', '0', '0', '1', '0.000', '0.000', '0.000', '1']);
    expect(within(valueRow('NO_CATEGORY')).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual(['NO_CATEGORY', '0', '3', '0']);
    // Devis: one TP, two FN (no file, late); what the unqualified message obtained is not an FP (no ground truth).
    expect(within(valueRow('Devis')).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual(['Devis', '1', '0', '2']);
    expect(valueRow('NO_QUALIFIED').querySelector('code')).not.toBeNull();
    expect(within(table).getByText('Moyenne micro')).toBeTruthy();
    expect(within(table).getByText('Moyenne macro')).toBeTruthy();
  });
});

describe('messages list', () => {
  it("shows a message's error code as a sentence in the user's language", async () => {
    const { rerender } = render(<MessagesList messages={rows} kind="categories" />);
    expect(screen.getByText("Le message n'a aucun fichier à analyser.")).toBeTruthy();
    expect(screen.getByText('Aucun résultat en 60000 ms.')).toBeTruthy();
    await i18next.changeLanguage('en');
    rerender(<MessagesList messages={[...rows]} kind="categories" />);
    expect(screen.getByText('The message has no file to analyse.')).toBeTruthy();
    expect(screen.queryByText('testMessageNoFile')).toBeNull();
  });
});
