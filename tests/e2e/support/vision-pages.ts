/** Page models of the vision engine settings screen and its result: labels live here, not in the scenario. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

export const visionPages = {
  /** From the configuration menu, the "Moteur de vision" entry of the post-processing section (one module: its settings open at once). */
  async openFromMenu(page: Page, projectId: string, envId: string) {
    await openPage(page, `/project/${projectId}/environment/${envId}/configuration`);
    await page.getByRole('navigation', { name: 'Post-traitement' }).getByRole('link', { name: /Moteur de vision/ }).click();
    await page.locator('#vision-type').waitFor();
  },
  llmStatus: (page: Page) => page.getByTestId('llm-status'),
  chooseType: (page: Page, label: string) => page.locator('#vision-type').selectOption({ label }),
  prompt: (page: Page) => page.locator('#vision-prompt'),
  categoryList: (page: Page) => page.getByTestId('vision-categories-list'),
  async addCategory(page: Page, key: string, description: string) {
    await page.getByRole('button', { name: 'Ajouter : Clé de catégorie' }).click();
    const row = page.getByTestId('vision-categories-row').last();
    await row.getByPlaceholder('Clé de catégorie').fill(key);
    await row.getByPlaceholder('Description').fill(description);
  },
  /** Removes the n-th category row (1-based, as its label says). */
  removeCategory: (page: Page, row: number) => page.getByRole('button', { name: `Supprimer la ligne ${row}` }).click(),
  save: (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true }).click(),
  breadcrumb: (page: Page, name: string) => page.locator('.bp6-breadcrumbs').getByRole('link', { name }),
  /** The vision engine's card on the analysis result page. */
  result: (page: Page) => page.getByTestId('vision-result'),
};
