/**
 * Consumption as an organisation admin meets it: the environment home's widget, then the
 * organisation consumption page with its months, projects, quota left, CO2 method and year picker,
 * and the private consumption page.
 *
 * The figures must be exact whatever the other browser tests create on the shared server, and some
 * analyses must date from last year, so this file runs its own server in-process on a fresh
 * in-memory database (serving the same production build) and puts analyses straight into it.
 * Analyses created through the API and run by the pipeline are counted in
 * server/consumption/through-the-pipeline.test.ts.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { organisations } from '../../server/db/schema';
import { insertAnalysis } from '../../server/test-support/insert-analysis';
import { createTestServer, type TestServer } from '../../server/test-support/test-server';
import { launchBrowser, newPage, openPage } from './support/browser';
import { signInByApi } from './support/session';

let browser: Browser;
let server: TestServer;
let url: string;

/** The table's total column: after the 12 months of a contract year starting on 1 January. */
const TOTAL = 12;
/** Today in the browser's (and this process's) time zone, as the French console writes it. */
const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const todayFr = `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${String(now.getFullYear()).slice(2)}`;

beforeAll(async () => {
  server = await createTestServer({ staticDir: path.resolve(import.meta.dirname, '../../dist') });
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const db = server.handle.db;
  // A contract year from 1 January with a quota of 50; 3 analyses today in demo-ic-prod (two CPU
  // hours in all), 2 in demo-nlu-prod.
  await db.update(organisations).set({ contractStartDate: '2024-01-01', yearlyQuota: 50 }).where(eq(organisations.id, 'demo'));
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12).toISOString();
  for (const cpuMs of [3_600_000, 1_800_000, 1_800_000]) await insertAnalysis(db, { environmentId: 'demo-ic-prod', createdAt: at, cpuMs });
  for (let i = 0; i < 2; i += 1) await insertAnalysis(db, { environmentId: 'demo-nlu-prod', createdAt: at });
  // One analysis in June of last year, for the year picker.
  await insertAnalysis(db, { environmentId: 'demo-nlu-prod', createdAt: new Date(now.getFullYear() - 1, 5, 15, 12).toISOString() });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('consumption', () => {
  it('shows an admin the analyses of the day, the quota left and the organisation page with its figures', async () => {
    const { context, page } = await newPage(browser, { baseURL: url });
    await signInByApi(page, 'admin');
    await page.waitForURL(/\/orga\/[^/]+$/);

    // The widget on the environment home.
    await openPage(page, '/project/demo-ic/environment/demo-ic-prod');
    const widget = page.getByTestId('consumption-widget');
    await widget.getByTestId('analyses-on-date').getByText(`3 analyses le ${todayFr}`, { exact: true }).waitFor();
    await widget.getByTestId('quota').getByText('45 restantes sur 50').waitFor();
    // The day is typed the French way (dd/mm/yy), not the browser's mm/dd/yyyy.
    expect(await page.locator('#consumption-date').getAttribute('placeholder')).toBe('jj/mm/aa');
    await page.locator('#consumption-date').fill('02/01/24');
    await page.locator('#consumption-date').press('Enter');
    // Another day, in another contract year: its own count and quota.
    await widget.getByTestId('analyses-on-date').getByText('0 analyse le 02/01/24', { exact: true }).waitFor();
    await widget.getByTestId('quota').getByText('50 restantes sur 50').waitFor();

    // The manage link leads to the organisation page.
    await widget.getByRole('link', { name: 'Gérer la consommation' }).click();
    await page.waitForURL(/\/orga\/demo\/consumption$/);
    // The environment page (and its widget) stays on screen until the organisation page's code is in.
    await page.locator('#consumption-year').waitFor();
    await expect(page.getByTestId('quota').first().textContent()).resolves.toContain('45 restantes sur 50');
    const table = page.getByRole('region', { name: 'Analyses par projet et par mois' });
    const icRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Courrier entrant' }) });
    await expect(icRow.locator('td').nth(TOTAL).textContent()).resolves.toBe('3');
    await expect(table.locator('tfoot td').nth(TOTAL).textContent()).resolves.toBe('5');
    await expect(table.locator('tfoot td').nth(TOTAL + 1).textContent()).resolves.toBe('0,000546');
    const month = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
    await expect(page.getByTestId(`bar-${month}`).locator('rect').count()).resolves.toBe(2);
    // Two CPU hours: 2 × 3.5 W × 1.3 = 9.1 Wh → 0.000546 kg of CO2.
    await expect(page.getByTestId('co2-figure').textContent()).resolves.toBe('0,000546 kg de CO2 (0,0091 kWh) pour 2 heures de calcul');
    await expect(page.getByText('Méthode de calcul').isVisible()).resolves.toBe(true);

    // The year picker starts on the current contract year and goes back to last year's analysis.
    const lastYear = String(now.getFullYear() - 1);
    await expect(page.locator('#consumption-year').inputValue()).resolves.toBe(String(now.getFullYear()));
    await page.locator('#consumption-year').selectOption(lastYear);
    await page.getByTestId('quota').getByText('49 restantes sur 50').waitFor();
    await expect(page.getByTestId(`bar-${lastYear}-06`).locator('rect').count()).resolves.toBe(1);
    await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Assistant NLU' }) }).locator('td').nth(TOTAL).textContent()).resolves.toBe('1');

    // The private page: each organisation of the user, with a link to its page.
    await openPage(page, '/consumption');
    const demo = page.locator('.p-consumption-orga').filter({ has: page.getByRole('heading', { name: 'Démo' }) });
    await expect(demo.getByTestId('quota').textContent()).resolves.toContain('45 restantes sur 50');
    await demo.getByRole('link', { name: 'Détail de la consommation de Démo' }).click();
    await page.waitForURL(/\/orga\/demo\/consumption$/);
    await context.close();
  });
});
