/**
 * Test runs as a qualifier meets them: three qualified bank messages in a set, a test
 * launched from the tests list, its results (metrics, a confusion-matrix cell opening its message),
 * a second run after a domain rule change compared with the first, the CSV export, and a results row
 * opening its message on the qualification screen, where "accept obtained" names the run. The bank data
 * is prepared through the API (the bank's own screens are tested in testing-center-bank.e2e.ts); the
 * domain rules of the shared demo project are put back at the end.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, savedDownload } from './support/browser';
import { DEMO_PASSWORD } from './support/pages';
import { signedInSession } from './support/session';
import { testingCenterPages } from './support/testing-center-pages';
import { testRunsPages } from './support/test-runs-pages';
import { docsPicture } from './support/docs-pictures';

const PROJECT = 'demo-nlu';
const BASE = `/v4/console/api/project/${PROJECT}/testing-center`;
const session = signedInSession('qualifier');
let token: string;
const setName = `Tests e2e ${Date.now()}`;
let demoRules: unknown;

async function api(method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

const mail = (subject: string, body: string) =>
  `From: Jean Martin <jean.martin@example.com>\r\nTo: contact@assureur.example\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;

async function bankMessage(name: string, content: string, category: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'message/rfc822' }), name);
  const created = (await api('POST', `${BASE}/messages`, form)) as { id: string };
  await api('PUT', `${BASE}/messages/${created.id}/expected`, { expected: { categories: { qualified: true, values: [{ key: 'category', document: null, format: 'string', value: category }] } } });
  return created.id;
}

beforeAll(async () => {
  token = ((await api('POST', '/api/login_check', { username: 'qualifier', password: DEMO_PASSWORD })) as { token: string }).token;
  const ids = [
    await bankMessage('resiliation-e2e.eml', mail('Résiliation', "Je souhaite résilier mon contrat d'assurance habitation."), 'Résiliation'),
    await bankMessage('devis-e2e.eml', mail('Devis', 'Pourriez-vous me faire un devis pour une assurance auto ?'), 'Demande de devis'),
    // Qualified as a change of address though it asks for a quote: the confusion matrix shows it off the diagonal.
    await bankMessage('adresse-e2e.eml', mail('Devis', 'Pourriez-vous me faire un devis pour une assurance auto ?'), "Changement d'adresse"),
  ];
  await api('POST', `${BASE}/sets`, { kind: 'manual', name: setName, messageIds: ids });
  // The demo's own rules (its rule-change run) are kept aside and put back after; the test starts from none.
  demoRules = ((await api('GET', `${BASE}/domain-rules`)) as { v1: unknown }).v1;
  await api('PUT', `${BASE}/domain-rules`, { inScope: [], skipped: [], merged: [] });
}, 60_000);

afterAll(async () => {
  if (demoRules !== undefined) await api('PUT', `${BASE}/domain-rules`, demoRules);
});

describe('testing center test runs', () => {
  it('launches a test, opens a confusion-matrix cell, compares two runs and exports CSV', { timeout: 300_000 }, async () => {
    const { page } = session;
    await testRunsPages.openList(page, PROJECT);
    await testRunsPages.launch(page, 'Production', setName);
    await testRunsPages.finished(page);
    const firstUrl = page.url();
    const firstId = firstUrl.split('/').pop()!;

    // Metrics per value, with the hand count: the quote is once right and once given instead of the address change.
    await expect.poll(() => testRunsPages.metricsRow(page, 'Demande de devis').locator('td').allInnerTexts()).toEqual(['Demande de devis', '1', '1', '0', '0.500', '1.000', '0.667', '1']);
    await expect.poll(() => testRunsPages.metricsRow(page, "Changement d'adresse").locator('td').nth(3).innerText()).toBe('1');
    await docsPicture(page, 'test-run-results');

    // The off-diagonal cell opens the one message behind it.
    await testRunsPages.cell(page, "Changement d'adresse", 'Demande de devis').click();
    await expect.poll(() => testRunsPages.messageRows(page).count()).toBe(1);
    await expect.poll(() => testRunsPages.messageRows(page).first().innerText()).toContain('adresse-e2e.eml');
    await expect.poll(() => testRunsPages.messageRows(page).first().innerText()).toContain('Catégorisation › demanderDevis');
    // At a phone's width the page keeps its width: the matrix scrolls in its own box, a named region in
    // the tab order exactly while it overflows (as every table's box), a plain box while it fits.
    await page.setViewportSize({ width: 390, height: 844 });
    const matrixBoxAsItShouldBe = () =>
      page.locator('.p-confusion').evaluate((box) => {
        const overflows = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
        const region = box.getAttribute('role') === 'region' && box.getAttribute('aria-label') === 'Matrice de confusion' && box.getAttribute('tabindex') === '0';
        const plain = !box.hasAttribute('role') && !box.hasAttribute('tabindex');
        return overflows ? region : plain;
      });
    await expect.poll(matrixBoxAsItShouldBe).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    // A rule change (quotes count as address changes), then a second run, compared with the first.
    await api('PUT', `${BASE}/domain-rules`, { inScope: [], skipped: [], merged: [{ from: 'Demande de devis', into: "Changement d'adresse" }] });
    await testRunsPages.openList(page, PROJECT);
    await testRunsPages.launch(page, 'Production', setName);
    await testRunsPages.finished(page);
    // The comparison opens on the previous run of the same set, without choosing it.
    await expect.poll(() => page.locator('#compare-reference').inputValue()).toBe(firstId);
    // Regressions first: the real quote is now counted as an address change, its F1 falls.
    await expect.poll(() => page.locator('tr[data-delta]').first().getAttribute('data-trend')).toBe('regression');
    await expect.poll(() => testRunsPages.delta(page, "Changement d'adresse").getAttribute('data-trend')).toBe('improvement');

    // CSV export of the messages: a real file with one row per counted value.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter les messages (CSV)' }).click()]);
    const csv = await readFile(await savedDownload(download), 'utf8');
    // The console's CSV files open with a UTF-8 byte order mark (src/ui/csv.ts).
    // In French: semicolons between cells, each message named by its file name beside its id.
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('messageId;name;status;kind;value;outcome;rule;expected;obtained');
    expect(csv).toContain(';adresse-e2e.eml;success;categories;Changement d\'adresse;TP;v1.merged;');

    // A row's name opens the message on its qualification screen; "accept obtained" names the run
    // (environment, current configuration, date) and, with the O key, takes what it obtained.
    await testRunsPages.messageLink(page, 'adresse-e2e.eml').click();
    await page.waitForURL(/\/qualification\?message=/);
    await expect.poll(() => testingCenterPages.messageName(page)).toContain('adresse-e2e.eml');
    await expect.poll(() => testRunsPages.obtainedSource(page).textContent()).toMatch(/^Dernier test : Production · Configuration actuelle · \d\d\/\d\d\/\d\d \d\d:\d\d$/);
    await expect.poll(() => testingCenterPages.categoryValues(page)).toEqual(["Changement d'adresse"]);
    await page.locator('body').press('o');
    await expect.poll(() => testingCenterPages.categoryValues(page)).toEqual(['Demande de devis']);
  });
});
