/** Page models of the NLU screens: labels live here, not in the scenario. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

const env = (projectId: string, envId: string) => `/project/${projectId}/environment/${envId}`;

export const nluPages = {
  async openConfiguration(page: Page, projectId: string, envId: string) {
    await openPage(page, `${env(projectId, envId)}/configuration`);
    await page.getByRole('navigation', { name: 'NLU' }).waitFor();
  },
  /** Follows a configuration menu entry by its title. */
  openMenuEntry: (page: Page, title: string) => page.getByRole('navigation', { name: 'NLU' }).getByRole('link', { name: new RegExp(title) }).click(),
  newArchetype: (page: Page) => page.getByRole('link', { name: 'Nouvel archétype' }).click(),
  name: (page: Page) => page.getByLabel('Nom', { exact: true }),
  /** Types a dictionary in the code editor, one line per item. */
  async typeDictionary(page: Page, lines: string[]) {
    const editor = page.getByTestId('dictionary-editor').locator('.cm-content');
    await editor.click();
    for (const [index, line] of lines.entries()) {
      if (index > 0) await page.keyboard.press('Enter');
      await page.keyboard.type(line);
    }
  },
  dictionaryErrors: (page: Page) => page.getByTestId('dictionary-errors'),
  save: (page: Page) => page.getByRole('button', { name: 'Enregistrer' }).click(),
  archetypeRow: (page: Page, name: string) => page.locator(`tr[data-archetype="${name}"]`),
  async openList(page: Page, projectId: string, envId: string, list: 'archetypes' | 'interactions' | 'test') {
    await openPage(page, `${env(projectId, envId)}/configuration/nlu/${list}`);
    await page.locator('.p-page__title').waitFor();
  },
  newInteraction: (page: Page) => page.getByRole('link', { name: 'Nouvelle interaction' }).click(),
  async addParameter(page: Page, index: number, name: string, archetype: string) {
    await page.getByRole('button', { name: 'Ajouter un paramètre' }).click();
    await page.getByLabel(`Nom du paramètre ${index}`).fill(name);
    await page.getByLabel(`Archétype du paramètre ${index}`).selectOption(archetype);
  },
  interactionRow: (page: Page, name: string) => page.locator(`tr[data-interaction="${name}"]`),
  // NLU test
  sentence: (page: Page) => page.getByLabel('Phrase à tester'),
  runTest: (page: Page) => page.getByRole('button', { name: 'Tester' }).click(),
  testResult: (page: Page) => page.getByTestId('nlu-test-result'),
  labels: (page: Page) => page.getByTestId('nlu-label'),
  // Import
  importFile: (page: Page, file: string) => page.getByLabel('Importer un export NLU').setInputFiles(file),
  importReport: (page: Page) => page.getByTestId('nlu-import-report'),
  // Analysis result
  nluResult: (page: Page) => page.getByTestId('nlu-result'),
};
