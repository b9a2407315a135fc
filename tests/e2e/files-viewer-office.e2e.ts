/**
 * The files viewer on office files and scans (test-fixtures/, made with LibreOffice): a DOCX read
 * per page, an XLSX shown as tables with its hidden sheet marked, and a scanned PDF read by OCR in
 * the browser, with no request leaving the console's origin.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { filesViewerPage as viewer } from './support/pages';
import { signedInPage } from './support/session';

const REPO = fileURLToPath(new URL('../../test-fixtures/', import.meta.url));
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedInViewer() {
  const opened = await signedInPage(browser, 'admin');
  await viewer.open(opened.page);
  return opened;
}

describe('files viewer: office files and scans', () => {
  it('reads a DOCX page by page and an XLSX as tables', async () => {
    const { context, page } = await signedInViewer();
    await viewer.openFiles(page, [`${REPO}office/letter.docx`, `${REPO}office/orders.xlsx`]);
    await viewer.treeItem(page, 'letter.docx').click();
    const documentView = page.getByTestId('document-view');
    await expect.poll(() => documentView.getByRole('region', { name: 'Page 2' }).textContent()).toContain('Élodie Marchand');
    expect(await documentView.getByRole('region', { name: 'Page 1' }).textContent()).toContain('la réparation coûte 1 234,56 €.');
    expect(await page.getByTestId('embedded-images').textContent()).toContain('image1.png');

    await viewer.treeItem(page, 'orders.xlsx').click();
    const table = page.getByTestId('sheet-table');
    await expect.poll(() => table.locator('tr').nth(2).textContent()).toBe('CMD-101Dupont120.5');
    // The merged title spans two columns.
    expect(await table.locator('tr').first().locator('td').first().getAttribute('colspan')).toBe('2');
    await page.getByRole('tab', { name: /Interne/ }).click();
    expect(await page.getByRole('tab', { name: /Interne/ }).textContent()).toContain('masquée');
    await expect.poll(() => page.getByTestId('sheet-table').textContent()).toBe('Note interne : marge 42 %');
    await context.close();
  });

  it('reads a scanned PDF page by OCR in the browser, nothing uploaded', async () => {
    const { context, page } = await signedInViewer();
    const requests: string[] = [];
    context.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    await viewer.openFiles(page, `${REPO}scan/invoice-scan.pdf`);
    await page.locator('[data-page="1"][data-rendered="true"]').waitFor();
    await page.getByTestId('ocr-panel').getByRole('button', { name: 'OCR de la page 1' }).click();
    await expect.poll(() => page.getByTestId('ocr-text').textContent(), { timeout: 90_000 }).toContain('Facture N° : FA-2026-0042');
    expect(await page.getByTestId('ocr-text').textContent()).toContain('Total TTC : 1 235,76 EUR');
    expect(await page.getByTestId('ocr-confidence').textContent()).toMatch(/confiance \d+ %/);
    const origin = new URL(baseUrl()).origin;
    const leaving = requests.filter((line) => {
      const url = line.slice(line.indexOf(' ') + 1);
      if (url.startsWith('blob:') || url.startsWith('data:')) return false;
      return new URL(url).origin !== origin || !line.startsWith('GET ') || new URL(url).pathname.startsWith('/api/files');
    });
    expect(leaving).toEqual([]);
    await context.close();
  }, 120_000);
});
