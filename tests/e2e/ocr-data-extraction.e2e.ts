/**
 * The OCR data extraction test screen on the scanned invoice (test-fixtures/scan/invoice-scan.pdf):
 * an environment whose pipeline holds the module, the file dropped, the fields read and the words
 * boxed on the page.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { DEMO_PASSWORD, loginPage } from './support/pages';

const SCAN = fileURLToPath(new URL('../../test-fixtures/scan/invoice-scan.pdf', import.meta.url));
const PROJECT = 'demo-ic';
let browser: Browser;

async function api(token: string | null, method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(new URL(route, baseUrl()), {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** An environment whose pipeline is extractor → OCR data extraction → output. */
async function environmentWithOcrModule(): Promise<string> {
  const { token } = (await api(null, 'POST', '/api/login_check', { username: 'admin', password: DEMO_PASSWORD })) as { token: string };
  const env = (await api(token, 'POST', `/v4/console/api/project/${PROJECT}/environments`, { name: `OCR e2e ${Date.now()}`, visibility: 'public', source: { kind: 'scratch' } })) as { id: string };
  const details = (await api(token, 'GET', `/v4/console/api/environment/${env.id}/settings`)) as { name: string; visibility: string; priority: boolean; settings: Record<string, unknown> };
  await api(token, 'PUT', `/v4/console/api/environment/${env.id}/settings`, {
    name: details.name,
    visibility: details.visibility,
    priority: details.priority,
    settings: {
      ...details.settings,
      modules: [
        { id: 'extractor', type: 'extractor', name: 'Extracteur' },
        { id: 'ocr', type: 'ocrDataExtraction', name: 'Données OCR' },
        { id: 'output', type: 'output', name: 'Sortie' },
      ],
    },
  });
  return env.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('OCR data extraction test', () => {
  it('reads the fields of a scanned invoice and boxes its words', async () => {
    const envId = await environmentWithOcrModule();
    const { context, page } = await newPage(browser);
    await loginPage.open(page);
    await loginPage.signIn(page, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/project/${PROJECT}/environment/${envId}/test-ocrDataExtraction`);
    await page.getByTestId('ocr-drop').locator('input[type="file"]').setInputFiles(SCAN);
    const fields = page.getByTestId('ocr-fields');
    await fields.waitFor({ timeout: 90_000 });
    const rows = await fields.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)));
    expect(rows).toEqual([
      ['Numéro de facture', 'FA-2026-0042', '1'],
      ['Date', '14/11/2026', '1'],
      ['Total HT', '1 029,80', '1'],
      ['Total TTC', '1 235,76', '1'],
      ['IBAN', 'FR76 3000 6000 0112 3456 7890 189', '1'],
    ]);
    expect(await page.getByTestId('ocr-page').locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await page.getByTestId('ocr-word').count()).toBeGreaterThan(30);
    expect(await page.getByTestId('ocr-word').first().getAttribute('title')).toMatch(/^FACTURE \(\d+ %\)$/);
    await context.close();
  }, 120_000);
});
