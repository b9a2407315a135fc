/** Page models of the reply generator screens: labels live here, not in the scenario. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

const env = (projectId: string, envId: string) => `/project/${projectId}/environment/${envId}`;

export const repliesPages = {
  /** From the configuration menu, the "Modèles de réponse" entry of the reply generator section. */
  async openFromMenu(page: Page, projectId: string, envId: string) {
    await openPage(page, `${env(projectId, envId)}/configuration`);
    await page.getByRole('navigation', { name: 'Générateur de réponses' }).getByRole('link', { name: /Modèles de réponse/ }).click();
    await page.getByRole('heading', { name: 'Modèles de réponse' }).waitFor();
  },
  templateNames: (page: Page) => page.getByTestId('template-row').getByRole('link').allTextContents(),
  /** Creates a template from the list; its editor opens on the Template tab. */
  async create(page: Page, name: string) {
    await page.getByRole('button', { name: 'Nouveau modèle' }).click();
    await page.getByRole('dialog').getByLabel('Nom').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Créer' }).click();
    await page.getByRole('heading', { name }).waitFor();
    await page.getByTestId('reply-liquid-editor').locator('.cm-content').waitFor();
  },
  /** Types at the end of the Liquid text, one line per item. */
  async type(page: Page, lines: string[]) {
    const editor = page.getByTestId('reply-liquid-editor').locator('.cm-content');
    await editor.click();
    await page.keyboard.press('Control+End');
    for (const [index, line] of lines.entries()) {
      if (index > 0) await page.keyboard.press('Enter');
      await page.keyboard.type(line);
    }
  },
  category: (page: Page) => page.getByLabel('Catégorie traitée'),
  save: (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true }).click(),
  saveButton: (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true }),
  tab: (page: Page, name: 'Inclusions' | 'Modèle' | 'Tests' | 'Documentation' | 'Erreurs') => page.getByRole('tab', { name, exact: true }).click(),
  includes: (page: Page) => page.getByTestId('includes-list').getByRole('listitem').allTextContents(),
  render: (page: Page) => page.getByRole('button', { name: 'Rendre' }).click(),
  testDraft: (page: Page) => page.getByTestId('reply-test-draft'),
  errors: (page: Page) => page.getByTestId('reply-errors'),
  backToList: (page: Page) => page.locator('.bp6-breadcrumbs').getByRole('link', { name: 'Modèles de réponse' }).click(),
  // Analysis result
  draft: (page: Page) => page.getByTestId('reply-draft'),
};
