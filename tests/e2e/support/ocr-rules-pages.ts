/** Page models of the OCR data extraction screens: labels live here, not in the scenario. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

const env = (projectId: string, envId: string) => `/project/${projectId}/environment/${envId}`;

export const ocrRulesPages = {
  /** From the configuration menu, the "Extraction de données OCR" entry of the post-processing section (one module: opened at once). */
  async openFromMenu(page: Page, projectId: string, envId: string) {
    await openPage(page, `${env(projectId, envId)}/configuration`);
    await page.getByRole('navigation', { name: 'Post-traitement' }).getByRole('link', { name: /Extraction de données OCR/ }).click();
    await page.getByTestId('ocr-rules').waitFor();
  },
  ruleNames: (page: Page) => page.getByTestId('ocr-rule-name').allTextContents(),
  editRule: (page: Page, name: string) => page.getByRole('button', { name: `Modifier la règle « ${name} »` }).click(),
  deleteRule: async (page: Page, name: string) => {
    await page.getByRole('button', { name: `Supprimer la règle « ${name} »` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  },
  moveUp: (page: Page, name: string) => page.getByRole('button', { name: `Monter la règle « ${name} »` }).click(),
  editor: (page: Page) => page.getByTestId('ocr-rule-editor'),
  field: (page: Page, label: string) => page.getByTestId('ocr-rule-editor').getByLabel(label, { exact: true }),
  save: (page: Page) => page.getByRole('button', { name: 'Enregistrer' }).click(),
  saved: (page: Page) => page.getByText('Enregistré').first().waitFor(),
  openTest: (page: Page) => page.getByRole('link', { name: 'Tester sur un document' }).click(),
};
