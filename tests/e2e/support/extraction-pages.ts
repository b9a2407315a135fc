/** Page models of the information extraction screens: labels live here, not in the scenario. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

const env = (projectId: string, envId: string) => `/project/${projectId}/environment/${envId}`;

export const extractionPages = {
  /** From the configuration menu, the "Extraction d'informations" entry; one module opens at once. */
  async openFromMenu(page: Page, projectId: string, envId: string) {
    await openPage(page, `${env(projectId, envId)}/configuration`);
    await page.getByRole('navigation', { name: 'Extraction' }).getByRole('link', { name: /Extraction d'informations/ }).click();
    await page.getByRole('tab', { name: 'Informations' }).waitFor();
  },
  tab: (page: Page, name: 'Informations' | 'Tests' | 'Documentation') => page.getByRole('tab', { name }).click(),
  fieldNames: (page: Page) => page.getByTestId('extraction-field-row').locator('code').allTextContents(),
  async addField(page: Page) {
    await page.getByRole('button', { name: 'Ajouter un champ' }).click();
    await page.getByTestId('extraction-field-editor').waitFor();
  },
  /** A control of the open field editor, by its label. */
  fieldControl: (page: Page, label: string) => page.getByTestId('extraction-field-editor').getByLabel(label, { exact: true }),
  /** The open field editor's text (its errors are shown under their control). */
  fieldEditor: (page: Page) => page.getByTestId('extraction-field-editor'),
  closeField: (page: Page) => page.getByTestId('extraction-field-editor').getByRole('button', { name: 'Fermer' }).click(),
  save: (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true }).click(),
  saveButton: (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true }),
  addTest: (page: Page) => page.getByRole('button', { name: 'Ajouter un test' }).click(),
  /** The n-th test card (0-based). */
  test: (page: Page, index: number) => page.getByTestId('extraction-test').nth(index),
  testText: (page: Page, index: number) => extractionPages.test(page, index).getByLabel('Texte', { exact: true }),
  expected: (page: Page, index: number, fieldLabel: string) => extractionPages.test(page, index).getByLabel(fieldLabel, { exact: true }),
  runAll: (page: Page) => page.getByRole('button', { name: 'Lancer tous les tests' }).click(),
  summary: (page: Page) => page.getByTestId('extraction-tests-summary'),
  verdict: (page: Page, index: number) => extractionPages.test(page, index).getByTestId('extraction-test-verdict'),
  /** The check row of a field in a test's result: its `data-pass` and its cells (field, expected, obtained). */
  check: (page: Page, index: number, field: string) => extractionPages.test(page, index).locator(`[data-testid="extraction-check"][data-field="${field}"]`),
  /** The breadcrumb back to the configuration menu. */
  backToConfiguration: (page: Page) => page.getByRole('link', { name: 'Configuration' }).first().click(),
  /** The unsaved-changes dialog, and its "stay on the page" button. */
  unsavedDialog: (page: Page) => page.getByRole('dialog', { name: 'Modifications non enregistrées' }),
  async stayOnPage(page: Page) {
    await page.getByRole('dialog').getByRole('button', { name: 'Rester sur la page' }).click();
    await extractionPages.unsavedDialog(page).waitFor({ state: 'hidden' });
  },
};
