/**
 * What an analysis found, where a user looks for it: on an environment of its own (categorization,
 * extraction, consolidation and a reply template of the scenario's own making), two simulated mails
 * go through the pipeline; the analyses list shows their categories in a column and filters on one
 * (typed, or clicked in a row); the result's overview opens with the category and why, the extracted
 * fields under their labels and the reply draft, in French and then in English. A picture of an
 * invoice and a scanned PDF of it, read by OCR, show its invoice number boxed on the picture and the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, waitForServiceWorker } from './support/browser';
import { apiAs, saveSettings, scratchEnvironment, settledStatus, type Api } from './support/api';
import { analysesPages as pages } from './support/analyses-pages';
import { profilePage } from './support/pages';
import { signedInPage, signedInSession } from './support/session';
import { docsPicture } from './support/docs-pictures';
import { fixture } from './support/fixtures';
import { readFile } from 'node:fs/promises';

const PROJECT = 'demo-ic';
const stamp = Date.now();
const REPAIR = `Hublot cabine ${stamp}`;
const OTHER = `Facture ${stamp}`;
let page: Page;
let api: Api;
let envId: string;
let repairId: string;
let letterId: string;
let scanId: string;
let scannedPdfId: string;

const session = signedInSession('configurator');

async function settled(id: string): Promise<void> {
  const status = await settledStatus(api, envId, id);
  if (status === 'processed') return;
  // What went wrong, in the failure's own words: which module, and why.
  const detail = await api<{ error?: unknown; modules?: { type: string; outcome: string; message: unknown }[] }>('GET', `/v4/console/api/environment/${envId}/analyses/${id}`);
  const modules = (detail.modules ?? []).filter((module) => module.outcome !== 'success').map((module) => ({ type: module.type, outcome: module.outcome, message: module.message }));
  throw new Error(`the analysis should be processed, not ${status}: ${JSON.stringify({ error: detail.error, modules })}`);
}

beforeAll(async () => {
  ({ page } = session);
  api = await apiAs('admin');
  envId = await scratchEnvironment(api, PROJECT, `Résultats e2e ${stamp}`);
  // Categorization asks for an NLU server of AI version 5 or later (§5), though these rules read headers only.
  await api('POST', `/v4/console/api/environment/${envId}/nlu/servers`, { name: 'atelier', aiVersion: '5.0', contexts: [] });
  await saveSettings(api, envId, {
    modules: [
      { id: 'x', type: 'extractor', name: 'Extracteur' },
      {
        id: 'tri',
        type: 'categorization',
        name: 'Tri des hublots',
        config: {
          defaultCategory: 'divers_hublots',
          categories: [{ id: 'c-rep', name: 'reparation_hublot', rules: [{ id: 'r1', name: 'sujetHublot', priority: 1, criteria: [{ type: 'header', header: 'subject', condition: { operator: 'contains', value: 'hublot' } }] }] }],
        },
      },
      {
        id: 'champs',
        type: 'extraction',
        name: 'Champs hublot',
        config: {
          fields: [
            { id: 'f1', name: 'numero_cabine', label: 'Numéro de cabine', source: { type: 'regex', pattern: 'cabine (\\d+)', group: 1 } },
            { id: 'f2', name: 'contrat', label: 'Contrat', source: { type: 'regex', pattern: '(AB-\\d+)', group: 1 } },
            { id: 'f3', name: 'facture', label: 'Facture', source: { type: 'regex', pattern: 'FA-\\d{4}-\\d{4}' } },
          ],
        },
      },
      { id: 'conso', type: 'consolidation', name: 'Consolidation', config: { workflowId: 'wf-hublots-e2e' } },
      { id: 'rep', type: 'replyTemplate', name: 'Réponse' },
      { id: 'o', type: 'output', name: 'Sortie' },
    ],
    content: { ocrJpg: true, ocrPng: true },
    replyTemplates: [{ id: 't-hublot', name: 'Réponse hublot', category: 'reparation_hublot', body: 'Bonjour, le hublot de votre cabine est noté pour l’atelier.' }],
  });
  const mail = (name: string, subject: string, body: string) =>
    api<{ id: string }>('POST', `/v4/console/api/environment/${envId}/analyses/simulated-mail`, { name, sender: 'bosco@navire.example', recipient: 'atelier@navire.example', subject, body, attachments: [] });
  ({ id: repairId } = await mail(REPAIR, 'Hublot fêlé', 'Le hublot de la cabine 12 est fêlé.'));
  const other = await mail(OTHER, 'Question de facture', 'Où en est ma facture ?');
  const letter = new FormData();
  letter.append('file', new Blob([await readFile(fixture('pdf/claim-letter-fr.pdf'))], { type: 'application/pdf' }), 'lettre-sinistre.pdf');
  ({ id: letterId } = await api<{ id: string }>('POST', `/v4/console/api/environment/${envId}/analyses`, letter));
  const scan = new FormData();
  scan.append('file', new Blob([await readFile(new URL('../../test-fixtures/scan/invoice-scan.png', import.meta.url))], { type: 'image/png' }), 'facture.png');
  ({ id: scanId } = await api<{ id: string }>('POST', `/v4/console/api/environment/${envId}/analyses`, scan));
  const scannedPdf = new FormData();
  scannedPdf.append('file', new Blob([await readFile(new URL('../../test-fixtures/scan/invoice-scan.pdf', import.meta.url))], { type: 'application/pdf' }), 'facture-scannee.pdf');
  ({ id: scannedPdfId } = await api<{ id: string }>('POST', `/v4/console/api/environment/${envId}/analyses`, scannedPdf));
  await settled(repairId);
  await settled(other.id);
  await settled(letterId);
  await settled(scanId);
  await settled(scannedPdfId);
}, 240_000);

afterAll(async () => {
  if (envId) await api('DELETE', `/v4/console/api/environment/${envId}`).catch(() => undefined);
});

describe('results where users look for them', () => {
  it('lists each analysis with its category and filters the list on one, typed or clicked', async () => {
    await pages.openList(page, PROJECT, envId);
    const repair = pages.row(page, REPAIR);
    const other = pages.row(page, OTHER);
    await expect(pages.rowCategories(repair).textContent()).resolves.toBe('reparation_hublot');
    await expect(pages.rowCategories(other).textContent()).resolves.toBe('divers_hublots');
    expect(await page.getByTestId('analyses-table').getByRole('columnheader', { name: 'Catégorie' }).count()).toBe(1);

    await pages.categoryFilter(page).fill('reparation_hublot');
    await page.waitForURL(/category=reparation_hublot/);
    await other.waitFor({ state: 'detached' });
    await repair.waitFor();

    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    await other.waitFor();
    await pages.rowCategories(other).getByRole('button', { name: 'Ne montrer que la catégorie « divers_hublots »' }).click();
    await page.waitForURL(/category=divers_hublots/);
    await repair.waitFor({ state: 'detached' });
    await expect.poll(() => pages.categoryFilter(page).inputValue()).toBe('divers_hublots');
    await docsPicture(page, 'analyses-list');
  });

  it('opens the result on the category and why, the labelled fields and the draft, in French then in English', async () => {
    await openPage(page, `/project/${PROJECT}/environment/${envId}/analyses/${repairId}`);
    const results = pages.results(page);
    await results.waitFor();
    const text = await results.textContent();
    expect(text).toContain('reparation_hublot');
    expect(text).toContain('sujetHublot');
    expect(text).toContain('Numéro de cabine');
    expect(text).toContain('12');
    expect(text).toContain('Modèle : Réponse hublot');
    expect(text).toContain('Bonjour, le hublot de votre cabine est noté pour l’atelier.');
    await results.getByRole('heading', { name: 'Données extraites' }).waitFor();
    await docsPicture(page, 'analysis-result');
    // Before the status and timings.
    const [resultsTop, overviewTop] = await Promise.all([results.boundingBox(), page.getByTestId('overview').boundingBox()]);
    expect(resultsTop!.y).toBeLessThan(overviewTop!.y);

    await profilePage.open(page);
    await profilePage.language(page).selectOption('en');
    await openPage(page, `/project/${PROJECT}/environment/${envId}/analyses/${repairId}`);
    await results.getByRole('heading', { name: 'Extracted data' }).waitFor();
    await results.getByRole('heading', { name: 'Reply draft' }).waitFor();
    await expect(results.textContent()).resolves.toContain('Template: Réponse hublot');
    await profilePage.open(page);
    await profilePage.language(page).selectOption('fr');
  });

  it('shows each document with the words every result came from marked, in its text or on the PDF page', async () => {
    await openPage(page, `/project/${PROJECT}/environment/${envId}/analyses/${repairId}?tab=documents`);
    const view = page.getByTestId('evidence-view');
    await view.waitFor();
    const status = view.getByTestId('evidence-status');
    // The category came from the subject header: it says so rather than marking words.
    const category = view.getByTestId('evidence-category').getByTestId('evidence-item');
    await expect(category.textContent()).resolves.toContain('hors du texte');
    await view.getByTestId('evidence-field').getByRole('button', { name: /numero_cabine/ }).click();
    await expect(view.locator('mark.is-current').textContent()).resolves.toBe('12');
    await page.waitForFunction(() => document.querySelector('[data-testid="evidence-status"]')?.textContent === 'Endroit 1 sur 1 : le champ numero_cabine = 12');
    // The marked words, chosen from the keyboard, say what they fed.
    await view.locator('mark.is-current').press('Enter');
    await view.getByTestId('evidence-fed').getByRole('button', { name: 'le champ numero_cabine = 12' }).waitFor();
    await expect(status.textContent()).resolves.toBe('« 12 » a servi à : le champ numero_cabine = 12');
    await docsPicture(page, 'analysis-evidence', view);

    await openPage(page, `/project/${PROJECT}/environment/${envId}/analyses/${letterId}?tab=documents`);
    await view.waitFor();
    const drawAs = view.getByRole('group', { name: 'Montrer lettre-sinistre.pdf comme' });
    await drawAs.getByRole('button', { name: 'Pages' }).click();
    const onPage = view.locator('.textLayer mark.p-evidence__mark', { hasText: 'AB-77812' });
    await onPage.first().waitFor();
    await view.getByTestId('evidence-field').getByRole('button', { name: /contrat = AB-77812/ }).click();
    await view.locator('.textLayer mark.p-evidence__mark.is-selected', { hasText: 'AB-77812' }).first().waitFor();
    await onPage.first().click();
    await view.getByTestId('evidence-fed').getByRole('button', { name: 'le champ contrat = AB-77812' }).waitFor();
    // Back to the text: the same words, marked there.
    await drawAs.getByRole('button', { name: 'Texte' }).click();
    await view.locator('mark.p-evidence__mark[data-at]', { hasText: 'AB-77812' }).first().waitFor();
  });

  it('shows a result already opened, with its marked words, after a reload offline', async () => {
    const { context, page: own } = await signedInPage(session.browser, 'configurator', { serviceWorker: true });
    const path = `/project/${PROJECT}/environment/${envId}/analyses/${repairId}?tab=documents`;
    await openPage(own, path);
    await waitForServiceWorker(own);
    await own.getByTestId('evidence-view').waitFor();
    await context.setOffline(true);
    // The reload flushes the cached answers as the page goes; the service worker serves the console.
    await own.reload();
    await own.getByTestId('offline-indicator').waitFor();
    const view = own.getByTestId('evidence-view');
    await view.getByTestId('evidence-field').getByRole('button', { name: /numero_cabine/ }).click();
    await expect(view.locator('mark.is-current').textContent()).resolves.toBe('12');
    await context.close();
  });

  it('boxes on a picture and a scanned page read by OCR the words a field came from', async () => {
    await openPage(page, `/project/${PROJECT}/environment/${envId}/analyses/${scanId}?tab=documents`);
    const view = page.getByTestId('evidence-view');
    await view.waitFor();
    await view.getByRole('group', { name: 'Montrer facture.png comme' }).getByRole('button', { name: 'Image' }).click();
    const picture = view.getByTestId('evidence-picture');
    await picture.locator('img').waitFor();
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('[data-testid="evidence-picture"] img')?.naturalWidth ?? 0) > 0);
    await view.getByTestId('evidence-field').getByRole('button', { name: /facture = FA-2026-0042/ }).click();
    const number = picture.locator('mark.p-evidence__box.is-current');
    await expect(number.textContent()).resolves.toBe('FA-2026-0042');
    // The box sits on the picture, in its top part where the invoice number is printed, and is a word's size, not the page's.
    // Both measured in one frame: the click scrolls the box into view, and two separate reads could
    // straddle a step of that scroll.
    const placement = () =>
      page.evaluate(() => {
        const image = document.querySelector('[data-testid="evidence-picture"] img')!.getBoundingClientRect();
        const box = document.querySelector('[data-testid="evidence-picture"] mark.p-evidence__box.is-current')!.getBoundingClientRect();
        return {
          inside: box.left >= image.left && box.top >= image.top && box.right <= image.right && box.bottom <= image.bottom,
          topThird: box.top - image.top < image.height / 3,
          wordSized: box.width < image.width / 2,
        };
      });
    await expect.poll(placement).toEqual({ inside: true, topThird: true, wordSized: true });
    // Chosen from the keyboard, the box says what it fed.
    await number.press('Enter');
    await view.getByTestId('evidence-fed').getByRole('button', { name: 'le champ facture = FA-2026-0042' }).waitFor();

    // A scanned PDF has no text layer: its page shows the same box.
    await openPage(page, `/project/${PROJECT}/environment/${envId}/analyses/${scannedPdfId}?tab=documents`);
    await view.waitFor();
    await view.getByRole('group', { name: 'Montrer facture-scannee.pdf comme' }).getByRole('button', { name: 'Pages' }).click();
    const onPage = view.locator('.p-fv-pdf-page[data-page="1"] mark.p-evidence__box', { hasText: 'FA-2026-0042' });
    await onPage.waitFor();
    await view.getByTestId('evidence-field').getByRole('button', { name: /facture = FA-2026-0042/ }).click();
    await view.locator('.p-fv-pdf-page mark.p-evidence__box.is-current', { hasText: 'FA-2026-0042' }).waitFor();
    const sheet = (await view.locator('.p-fv-pdf-page[data-page="1"]').boundingBox())!;
    const word = (await onPage.boundingBox())!;
    expect(word.y - sheet.y).toBeLessThan(sheet.height / 3);
    expect(word.width).toBeLessThan(sheet.width / 2);
  });
});
