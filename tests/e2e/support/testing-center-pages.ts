/** Page models of the testing center's bank screens (issue 16): labels live here, not in the scenario. */
import { openPage } from './browser';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from 'playwright-core';

type FilePayload = { name: string; mimeType: string; buffer: Buffer };
/** A file on disk as a payload (Playwright does not mix paths and in-memory files in one call). */
export const fileOnDisk = (path: string): FilePayload => ({ name: basename(path), mimeType: 'application/octet-stream', buffer: readFileSync(path) });

const bank = (projectId: string) => `/project/${projectId}/testing-center/messages-bank`;

export const testingCenterPages = {
  async openImport(page: Page, projectId: string) {
    await openPage(page, `${bank(projectId)}/import`);
    await page.getByRole('heading', { name: 'Importer des fichiers' }).waitFor();
  },
  async addImportTag(page: Page, tag: string) {
    await page.getByLabel('Étiquettes des messages ajoutés').fill(tag);
    await page.getByLabel('Étiquettes des messages ajoutés').press('Enter');
  },
  chooseFiles: (page: Page, files: FilePayload[]) => page.getByTestId('import-drop').locator('input[type="file"]:not([webkitdirectory])').setInputFiles(files),
  sendImport: (page: Page) => page.getByRole('button', { name: /^Importer \d+ fichiers?$/ }).click(),
  importProblems: (page: Page) => page.getByTestId('import-list').getByTestId('upload-problems').allTextContents(),
  importSummary: (page: Page) => page.getByTestId('import-summary').textContent(),
  importStatuses: (page: Page) => page.getByTestId('import-list').locator('tr[data-import-status]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-import-status'))),

  async openBank(page: Page, projectId: string, query = '') {
    await openPage(page, `${bank(projectId)}${query}`);
    await page.getByTestId('bank-page').waitFor();
  },
  rows: (page: Page) => page.getByTestId('bank-table').locator('tbody tr'),
  rowNames: (page: Page) => page.getByTestId('bank-table').locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-message-name'))),
  rowStates: (page: Page) => page.getByTestId('bank-table').locator('[data-qualification]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-qualification'))),
  // Blueprint draws the box over the native input: checked through the input itself.
  selectPage: (page: Page) => page.getByLabel('Sélectionner la page').check({ force: true }),
  async createSetFromSelection(page: Page, name: string) {
    await page.getByRole('button', { name: 'Créer un jeu' }).click();
    await page.getByRole('dialog').getByLabel('Nom').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Créer' }).click();
    await page.getByTestId('bank-sets').locator(`tr[data-set-name="${name}"]`).waitFor();
  },
  qualifySet: (page: Page, name: string) => page.getByTestId('bank-sets').locator(`tr[data-set-name="${name}"]`).getByRole('link', { name: 'Qualifier' }).click(),
  async deleteSet(page: Page, name: string) {
    await page.getByRole('button', { name: `Supprimer le jeu ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer' }).click();
  },
  async deleteSelection(page: Page) {
    await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer' }).click();
  },

  position: (page: Page) => page.getByTestId('qualification-position').textContent(),
  messageName: (page: Page) => page.getByTestId('qualification-name').textContent(),
  viewer: (page: Page) => page.getByTestId('message-viewer'),
  kind: (page: Page, kind: string) => page.getByTestId('expected-form').locator(`[data-kind="${kind}"]`),
  /** Adds a value to the categories card and types it. */
  async typeCategory(page: Page, category: string) {
    const card = testingCenterPages.kind(page, 'categories');
    await card.getByRole('button', { name: 'Ajouter une valeur' }).click();
    await card.getByLabel('Catégorie').last().fill(category);
  },
  categoryValues: (page: Page) => testingCenterPages.kind(page, 'categories').getByLabel('Catégorie').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
};
