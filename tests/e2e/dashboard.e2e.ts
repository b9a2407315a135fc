/**
 * A cockpit viewer reads an environment's dashboard over "last week" (§2.4, §6) and
 * downloads a chart's numbers as CSV. Analyses must date from last week and the figures must be
 * exact, so this file runs its own server in-process on a fresh in-memory database (serving the
 * same production build) and puts analyses straight into it; the server's figures are checked
 * against hand-computed cases in server/dashboard/dashboard.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ModuleResult } from '../../src/contract/analyses';
import { recordUsage } from '../../server/consumption/ledger';
import { analyses } from '../../server/db/schema';
import { createTestServer, type TestServer } from '../../server/test-support/test-server';
import { launchBrowser, savedDownload } from './support/browser';
import { dashboardPage } from './support/dashboard-pages';
import { signedInPage } from './support/session';
import { docsPicture } from './support/docs-pictures';

let browser: Browser;
let server: TestServer;
let url: string;

const pad = (n: number) => String(n).padStart(2, '0');
const fr = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${String(d.getFullYear()).slice(2)}`;
/** Monday of last week and its Tuesday, in this process's (and the browser's) time zone. */
const now = new Date();
const lastMonday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7) - 7);
const lastTuesday = new Date(lastMonday.getFullYear(), lastMonday.getMonth(), lastMonday.getDate() + 1, 10);
const lastSunday = new Date(lastMonday.getFullYear(), lastMonday.getMonth(), lastMonday.getDate() + 6);

const failedExtraction: ModuleResult = { moduleId: 'm-x', type: 'extraction', name: 'Extraction', outcome: 'error', message: 'boom', result: null };

beforeAll(async () => {
  server = await createTestServer({ staticDir: path.resolve(import.meta.dirname, '../../dist') });
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const db = server.handle.db;
  // Last Tuesday at 10:00: three processed analyses (1, 2 and 2 s) and one in error in its extraction.
  const rows = [
    { status: 'processed' as const, ms: 1_000, modules: [] },
    { status: 'processed' as const, ms: 2_000, modules: [] },
    { status: 'processed' as const, ms: 2_000, modules: [] },
    { status: 'error' as const, ms: 500, modules: [failedExtraction] },
  ];
  for (const row of rows) {
    const id = randomUUID();
    const finishedAt = new Date(lastTuesday.getTime() + row.ms);
    await db.insert(analyses).values({ id, environmentId: 'demo-ic-prod', name: id, inputType: 'email', status: row.status, createdAt: lastTuesday, finishedAt, modules: row.modules });
    await recordUsage(db, { analysisId: id, environmentId: 'demo-ic-prod', createdAt: lastTuesday, cpuMs: 0 });
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('dashboard', () => {
  it('shows a viewer last week per day, with tables, and downloads a chart as CSV', async () => {
    const { context, page } = await signedInPage(browser, 'viewer', { baseURL: url, viewport: { width: 1280, height: 900 }, acceptDownloads: true });

    await dashboardPage.open(page, 'demo-ic', 'demo-ic-prod');
    await dashboardPage.pickRange(page, 'last', 'week');
    await page.waitForURL(/range=last-week/);
    // French weeks start on Monday.
    await dashboardPage.rangeText(page).getByText(`Du ${fr(lastMonday)} au ${fr(lastSunday)}`).waitFor();
    await expect.poll(() => dashboardPage.total(page, 'received').textContent()).toBe('4');
    await expect(dashboardPage.total(page, 'finished').textContent()).resolves.toBe('4');
    await expect(dashboardPage.total(page, 'errorRate').textContent()).resolves.toMatch(/^25\s%$/);
    // Durations 0.5, 1, 2, 2 s: 95 % ended within 2 s.
    await expect(dashboardPage.total(page, 'p95').textContent()).resolves.toBe('2 s');

    // The volume chart is drawn, and its numbers are in its table: Tuesday 3 processed, 1 in error.
    await dashboardPage.panel(page, 'volume').locator('.recharts-surface').first().waitFor();
    const volume = dashboardPage.table(page, 'Analyses terminées par statut');
    // A header and the seven days of the week.
    expect(await volume.getByRole('row').count()).toBe(8);
    const tuesday = dashboardPage.rowCells(volume, fr(lastTuesday));
    await expect(tuesday.allTextContents()).resolves.toEqual(['3', '1', '0', '4']);
    // Every analysis ended on Tuesday: the line charts still mark that day (one point, no segment).
    for (const id of ['duration', 'errorRate']) {
      await expect.poll(() => dashboardPage.panel(page, id).locator('.recharts-line-dot').count()).toBeGreaterThan(0);
    }
    const modules = dashboardPage.table(page, 'Erreurs par module');
    await expect(dashboardPage.rowCells(modules, 'Extraction').allTextContents()).resolves.toEqual(['1']);
    await docsPicture(page, 'dashboard');

    // The CSV holds the same numbers, raw.
    const [download] = await Promise.all([page.waitForEvent('download'), dashboardPage.csvButton(page, 'Analyses terminées par statut').click()]);
    expect(download.suggestedFilename()).toMatch(/^dashboard-demo-ic-prod-.*-volume\.csv$/);
    const csv = await readFile(await savedDownload(download), 'utf8');
    const lines = csv.trim().split('\r\n');
    // For a French spreadsheet: semicolons between cells.
    expect(lines[0]).toBe('Période;Traitées;En erreur;Annulées;Reçues');
    expect(lines).toHaveLength(8);
    expect(lines).toContain(`${fr(lastTuesday)};3;1;0;4`);
    expect(lines).toContain(`${fr(lastMonday)};0;0;0;0`);
    await context.close();
  });

  it("says 'Dashboards are not available on this deployment' when the operator turned them off", async () => {
    const off = await createTestServer({ staticDir: path.resolve(import.meta.dirname, '../../dist'), dashboards: false });
    try {
      const offUrl = await off.app.listen({ port: 0, host: '127.0.0.1' });
      const { context, page } = await signedInPage(browser, 'viewer', { baseURL: offUrl, viewport: { width: 1280, height: 900 } });
      await dashboardPage.open(page, 'demo-ic', 'demo-ic-prod');
      await page.getByText('Les tableaux de bord ne sont pas disponibles sur ce déploiement.').waitFor();
      await context.close();
    } finally {
      await off.close();
    }
  });
});
