/** Page models of the testing center's bank screens: labels live here, not in the scenario. */
import { openPage } from './browser';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

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

  /**
   * The environment whose categories and fields the qualification form offers. By default the
   * project's first by name, which another scenario's environment of the shared project may be.
   */
  chooseEnvironment: (page: Page, name: string) => page.getByLabel('Environnement de référence').selectOption({ label: name }),
  position: (page: Page) => page.getByTestId('qualification-position').textContent(),
  messageName: (page: Page) => page.getByTestId('qualification-name').textContent(),
  viewer: (page: Page) => page.getByTestId('message-viewer'),
  kind: (page: Page, kind: string) => page.getByTestId('expected-form').locator(`[data-kind="${kind}"]`),
  progress: (page: Page) => page.getByTestId('qualification-progress').textContent(),
  kindState: (page: Page, kind: string) => testingCenterPages.kind(page, kind).getAttribute('data-state'),
  /** The categories checked in the message's categories card, in the environment's order. */
  categoryValues: (page: Page) =>
    testingCenterPages.kind(page, 'categories').locator('input[data-category]').evaluateAll((boxes) => boxes.filter((box) => (box as HTMLInputElement).checked).map((box) => box.getAttribute('data-category'))),
  /** Presses a key with the focus out of the fields (letters and digits act only there). */
  async press(page: Page, key: string) {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(key);
  },
  /** Adds an extraction field by its label (its value field takes the focus). */
  addField: (page: Page, label: string) => testingCenterPages.kind(page, 'extracted_informations').getByRole('button', { name: label, exact: true }).click(),
  fieldValue: (page: Page, index: number) => testingCenterPages.kind(page, 'extracted_informations').getByLabel('Valeur').nth(index).inputValue(),
  /** Turns the kind's "qualified" switch on (Blueprint draws the switch over the native input: its label takes the click). */
  async markKindQualified(page: Page, kind: string) {
    const input = page.getByTestId(`qualified-${kind}`);
    if (!(await input.isChecked())) await testingCenterPages.kind(page, kind).locator(`label:has([data-testid="qualified-${kind}"])`).click();
    await expect.poll(() => input.isChecked()).toBe(true);
  },
  /** The words selected in the page (or in the mail frame), spaces folded. */
  selectedWords: (page: Page) => page.evaluate(() => (window.getSelection()?.toString() ?? '').replace(/\s+/g, ' ').trim()),
  clearSelection: (page: Page) => page.evaluate(() => window.getSelection()?.removeAllRanges()),
  locate: (page: Page, words: string) => testingCenterPages.kind(page, 'extracted_informations').getByRole('button', { name: `Trouver « ${words} » dans le message` }).click(),
  /** How the message and the form sit: side by side, and whether the message's text overflows its column. */
  layout: (page: Page) =>
    page.evaluate(() => {
      const message = document.querySelector('.p-qualification__message')!.getBoundingClientRect();
      const panel = document.querySelector('.p-qualification__panel')!.getBoundingClientRect();
      const texts = [...document.querySelectorAll<HTMLElement>('.p-qualification__message .p-fv-text')];
      return { sideBySide: panel.left >= message.right, overflowing: texts.some((text) => text.scrollWidth > text.clientWidth + 1), width: window.innerWidth };
    }),
  /**
   * Selects the first two words of the message's text as a user would with the mouse (a mail's text
   * body, or a PDF page's text layer) and answers them; null while no text is drawn yet.
   */
  selectWords: (page: Page) =>
    testingCenterPages.viewer(page).evaluate((viewer) => {
      const walker = document.createTreeWalker(viewer, NodeFilter.SHOW_TEXT, { acceptNode: (node) => (node.parentElement?.closest('.p-fv-text, .textLayer') && /\S+\s+\S+/.test(node.textContent ?? '') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
      const node = walker.nextNode();
      if (!node) return null;
      const match = /\S+\s+\S+/.exec(node.textContent!)!;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      node.parentElement!.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      return match[0];
    }),
};
