/** Page models of the output settings screen: labels live here, not in the scenario. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

const env = (projectId: string, envId: string) => `/project/${projectId}/environment/${envId}`;

export const outputPages = {
  /** From the configuration menu, the "Sortie" entry of the output section (one module: it opens at once). */
  async openFromMenu(page: Page, projectId: string, envId: string) {
    await openPage(page, `${env(projectId, envId)}/configuration`);
    await page.getByRole('navigation', { name: 'Sortie' }).getByRole('link', { name: /Sortie/ }).click();
    await page.waitForURL(/\/configuration\/output\/[^/]+$/);
    await page.getByRole('heading', { name: 'Aperçu du contenu' }).waitFor();
  },
  /** An option's switch, by its label ("Corps HTML", "Résultat NLU"…). */
  option: (page: Page, label: string) => page.getByRole('checkbox', { name: label, exact: true }),
  /** Ticks the switch by its label (Blueprint hides the input under its indicator). */
  toggle: (page: Page, label: string) => page.locator('label.bp6-switch', { hasText: label }).click(),
  skipCategory: (page: Page, name: string) => page.getByRole('group', { name: 'Catégories à ignorer' }).getByText(name, { exact: true }).click(),
  /** Searches the preview's analyses and picks one by name. */
  async pickAnalysis(page: Page, name: string) {
    await page.getByLabel('Rechercher une analyse').fill(name);
    const select = page.getByLabel('Analyse traitée');
    const option = select.locator('option', { hasText: name }).first();
    await option.waitFor({ state: 'attached' });
    await select.selectOption({ value: (await option.getAttribute('value'))! });
  },
  payload: (page: Page) => page.getByTestId('output-preview-payload'),
  /** The payload shown, parsed. */
  async payloadJson(page: Page): Promise<Record<string, unknown>> {
    return JSON.parse((await outputPages.payload(page).textContent()) ?? 'null') as Record<string, unknown>;
  },
  unavailable: (page: Page) => page.getByTestId('output-preview-unavailable').locator('li').allTextContents(),
  /** The confirmation asked before a save that takes data away from the payload. */
  confirmation: (page: Page) => page.locator('.bp6-alert'),
  save: (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true }).click(),
  saveButton: (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true }),
};
