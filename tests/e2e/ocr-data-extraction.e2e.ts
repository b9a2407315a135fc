/**
 * The OCR data extraction test screen on the scanned invoice (test-fixtures/scan/invoice-scan.pdf):
 * an environment whose pipeline holds the module, the file dropped, the fields read and the words
 * boxed on the page; then the module's rules edited on its settings screen (a rule renamed, kept to
 * the right of its label and moved up, an invalid pattern shown on its field, one deleted, a zone
 * rule added) and the test run again with the saved rules.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAs, scratchEnvironment } from './support/api';
import { launchBrowser, newPage, openPage } from './support/browser';
import { signInByApi } from './support/session';
import { ocrRulesPages } from './support/ocr-rules-pages';

const SCAN = fileURLToPath(new URL('../../test-fixtures/scan/invoice-scan.pdf', import.meta.url));
const PROJECT = 'demo-ic';
let browser: Browser;

/** An environment whose pipeline is extractor → OCR data extraction → output. */
const environmentWithOcrModule = async () =>
  scratchEnvironment(await apiAs('admin'), PROJECT, `OCR e2e ${Date.now()}`, [
    { id: 'extractor', type: 'extractor', name: 'Extracteur' },
    { id: 'ocr', type: 'ocrDataExtraction', name: 'Données OCR' },
    { id: 'output', type: 'output', name: 'Sortie' },
  ]);

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
    await signInByApi(page, 'admin');
    await openPage(page, `/project/${PROJECT}/environment/${envId}/test-ocrDataExtraction`);
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

  it('uses the rules edited on the module settings screen', async () => {
    const envId = await environmentWithOcrModule();
    const { context, page } = await newPage(browser);
    await signInByApi(page, 'admin');
    await ocrRulesPages.openFromMenu(page, PROJECT, envId);
    expect(await ocrRulesPages.ruleNames(page)).toEqual(['invoiceNumber', 'date', 'totalExclTax', 'totalInclTax', 'iban']);
    await page.getByTestId('ocr-rules-defaults').waitFor();

    await ocrRulesPages.editRule(page, 'totalInclTax');
    await ocrRulesPages.field(page, 'Nom du champ').fill('montantDu');
    await ocrRulesPages.field(page, 'Où lire la valeur').selectOption({ label: 'à droite' });
    // A value shape that is not a regular expression is shown on its field, as typed.
    const shape = ocrRulesPages.field(page, 'Forme de la valeur (expression régulière, facultative)');
    await shape.fill('(\\d');
    await ocrRulesPages.editor(page).getByText("« (\\d » n'est pas une expression régulière valide").waitFor();
    await shape.fill('\\d[\\d  .]*,\\d{2}');
    await ocrRulesPages.moveUp(page, 'montantDu');
    await ocrRulesPages.deleteRule(page, 'iban');

    await page.getByRole('button', { name: 'Ajouter une règle' }).click();
    await ocrRulesPages.field(page, 'Nom du champ').fill('vendeur');
    await ocrRulesPages.field(page, 'Méthode').selectOption({ label: 'Zone de la page' });
    await ocrRulesPages.field(page, 'Bord gauche (% de la largeur)').fill('0');
    await ocrRulesPages.field(page, 'Bord droit (% de la largeur)').fill('60');
    await ocrRulesPages.field(page, 'Bord haut (% de la hauteur)').fill('13.5');
    await ocrRulesPages.field(page, 'Bord bas (% de la hauteur)').fill('18');
    expect(await ocrRulesPages.ruleNames(page)).toEqual(['invoiceNumber', 'date', 'montantDu', 'totalExclTax', 'vendeur']);
    await ocrRulesPages.save(page);
    await ocrRulesPages.saved(page);

    await ocrRulesPages.openTest(page);
    await page.getByTestId('ocr-drop').locator('input[type="file"]').setInputFiles(SCAN);
    const fields = page.getByTestId('ocr-fields');
    await fields.waitFor({ timeout: 90_000 });
    const rows = await fields.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)));
    expect(rows).toEqual([
      ['Numéro de facture', 'FA-2026-0042'],
      ['Date', '14/11/2026'],
      ['montantDu', '1 235,76'],
      ['Total HT', '1 029,80'],
      ['vendeur', 'Atelier Marchand SARL\n12 rue des Lilas, 69003 Lyon'],
    ]);
    await context.close();
  }, 150_000);
});
