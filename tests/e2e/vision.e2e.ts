/**
 * The vision engine as a new configurator would use it: from the configuration menu, see
 * that the server has a language model, choose strict classification, be told a category is needed,
 * add two, be warned before leaving with unsaved changes, save; then send a PDF and read on the
 * analysis page the model's categories and explanation, and the category a rule gave from them.
 * The model is the local server the global setup started (tests/e2e/support/llm.ts): the scenario
 * queues its answer and checks what the platform asked it (model, the page as an image, the schema).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, scratchEnvironment, setModules } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { signInByApi } from './support/session';
import { confirmDialog, unsavedDialog } from './support/admin-pages';
import { analysesPages } from './support/analyses-pages';
import { llmServer } from './support/llm';
import { visionPages as vision } from './support/vision-pages';

const CLAIM_PDF = fileURLToPath(new URL('../../../shared/fixtures/pdf/claim-letter-fr.pdf', import.meta.url));
const PROJECT = 'demo-nlu';
let browser: Browser;
let page: Page;
let envId: string;

/**
 * An environment whose pipeline is extractor → vision engine (not configured yet) → categorization
 * with a rule on the vision engine's answer → output: the modules list is another screen's work.
 */
async function environmentWithVisionModule(): Promise<string> {
  const api = await apiAs('admin');
  const envId = await scratchEnvironment(api, PROJECT, `Vision e2e ${Date.now()}`);
  // §5: categorization needs an NLU server (AI version 5 or higher), even when it reads only the vision engine.
  await api('POST', `/v4/console/api/environment/${envId}/nlu/servers`, { name: 'serveur-vision', aiVersion: '5' });
  const rule = { id: 'r1', name: 'vision', criteria: [{ type: 'visionEngine', key: 'categories', condition: { operator: 'equals', value: 'sinistre' } }] };
  await setModules(api, envId, [
    { id: 'extractor', type: 'extractor', name: 'Extracteur' },
    { id: 'vision', type: 'visionEngine', name: 'Lecture des formulaires' },
    { id: 'categorization', type: 'categorization', name: 'Catégorisation', config: { categories: [{ id: 'c1', name: 'Déclaration de sinistre', rules: [rule] }] } },
    { id: 'output', type: 'output', name: 'Sortie' },
  ]);
  return envId;
}

beforeAll(async () => {
  envId = await environmentWithVisionModule();
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await signInByApi(page, 'configurator');
});

afterAll(async () => {
  await browser?.close();
});

describe('vision engine', () => {
  it('is configured in its settings screen, with the unsaved-changes warning', async () => {
    await vision.openFromMenu(page, PROJECT, envId);
    await expect(vision.llmStatus(page).textContent()).resolves.toBe('Les analyses sont envoyées au modèle vision-e2e-model.');

    await vision.chooseType(page, 'Classification stricte');
    await vision.save(page);
    await vision.categoryList(page).locator('..').getByText('La classification stricte demande au moins une catégorie').waitFor();

    await vision.addCategory(page, 'sinistre', 'Une déclaration de sinistre ou un constat');
    await vision.addCategory(page, 'facture', 'Une facture de fournisseur');
    await vision.prompt(page).fill('Classe le courrier reçu par la compagnie.');
    // A category removed is asked for first.
    await vision.addCategory(page, 'brouillon', '');
    await vision.removeCategory(page, 3);
    await page.getByText('Retirer « brouillon » de la liste ?').waitFor();
    await confirmDialog.accept(page);
    await expect.poll(() => vision.categoryList(page).getByTestId('vision-categories-row').count()).toBe(2);

    // Leaving with unsaved changes asks first: stay, and nothing typed is lost.
    await vision.breadcrumb(page, 'Configuration').click();
    await page.getByRole('button', { name: 'Rester sur la page' }).waitFor();
    await unsavedDialog.stay(page);
    await expect(vision.prompt(page).inputValue()).resolves.toBe('Classe le courrier reçu par la compagnie.');

    await vision.save(page);
    await page.locator('.p-toast--success').waitFor();
    await page.reload();
    await page.locator('#vision-type').waitFor();
    // The reload may first paint the cache persisted before the save; the server's settings follow.
    await expect.poll(() => page.locator('#vision-type').inputValue()).toBe('strict_classification');
    await expect.poll(() => vision.categoryList(page).getByPlaceholder('Clé de catégorie').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['sinistre', 'facture']);

    // Saved: leaving asks nothing.
    await vision.breadcrumb(page, 'Configuration').click();
    await page.waitForURL(/\/configuration$/);
  });

  it("reads a PDF's page with the model and shows its answer and the category it led to", async () => {
    await llmServer.reset();
    await llmServer.answerJson({ categories: ['sinistre'], explanation: 'Le courrier déclare un dégât des eaux.' });

    await analysesPages.openList(page, PROJECT, envId);
    await page.getByRole('button', { name: 'Nouvelle analyse' }).click();
    await analysesPages.chooseMainFile(page, CLAIM_PDF);
    await page.locator('#analysis-name').fill('Constat scanné');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    const row = analysesPages.row(page, 'Constat scanné');
    await row.locator('[data-status="processed"]').waitFor({ timeout: 60_000 });
    await row.getByRole('link', { name: "Ouvrir l'analyse Constat scanné" }).click();
    await analysesPages.tab(page, 'Modules');

    const result = vision.result(page);
    await result.waitFor();
    await expect(result.getByTestId('vision-categories').textContent()).resolves.toBe('Catégories : sinistre');
    await expect(result.getByTestId('vision-answer').textContent()).resolves.toBe('Le courrier déclare un dégât des eaux.');
    await expect(result.textContent()).resolves.toContain('1 page envoyée : claim-letter-fr.pdf p. 1.');
    const categorization = page.locator('[data-module-type="categorization"]');
    await expect(categorization.getByTestId('category-name').first().textContent()).resolves.toBe('Déclaration de sinistre');

    // What the platform asked the model: its model, the page as an image, the categories as the only keys.
    const [request] = await llmServer.requests();
    const body = request!.body as { model: string; messages: { content: unknown }[]; response_format: { json_schema: { schema: { properties: { categories: { items: { enum: string[] } } } } } } };
    expect(body.model).toBe('vision-e2e-model');
    expect(JSON.stringify(body.messages[1]!.content)).toContain('"url":"data:image/png;base64,');
    expect(body.response_format.json_schema.schema.properties.categories.items.enum).toEqual(['sinistre', 'facture']);
  });
});
