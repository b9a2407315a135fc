/** Page model of the configuration IDE: labels and CodeMirror handling live here, not in the scenario. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

const env = (projectId: string, envId: string) => `/project/${projectId}/environment/${envId}`;

export const configurationIde = {
  /** From the configuration menu, the "Éditeur de configuration" entry. */
  async openFromMenu(page: Page, projectId: string, envId: string) {
    await openPage(page, `${env(projectId, envId)}/configuration`);
    // The entry is in the side menu and on the configuration page: either opens the IDE.
    // (the side menu's may be folded away, as the graph leaves it: the one shown).
    await page.getByRole('link', { name: /Éditeur de configuration/ }).filter({ visible: true }).first().click();
    await page.waitForURL(/\/configuration\/ide$/);
    await configurationIde.editor(page).waitFor();
  },
  /** By its address, for scenarios about something else than the menu (which the IDE's own scenarios click). */
  async open(page: Page, projectId: string, envId: string) {
    await openPage(page, `${env(projectId, envId)}/configuration/ide`);
    await configurationIde.editor(page).waitFor();
  },
  editor: (page: Page) => page.getByTestId('configuration-ide-editor').locator('.cm-content'),
  outline: (page: Page) => page.getByTestId('configuration-ide-outline'),
  /** Shows the outline tab (the search tab hides it). */
  showOutline: (page: Page) => page.getByRole('tab', { name: 'Plan' }).click(),
  problems: (page: Page) => page.getByTestId('configuration-ide-problems'),
  /** A problem whose text contains `text`: its "Ligne N" and text in one button. */
  problem: (page: Page, text: string | RegExp) => page.getByTestId('configuration-ide-problems').getByRole('button', { name: text }),
  /** The line number a problem names. */
  async problemLine(page: Page, text: string | RegExp): Promise<number> {
    const label = await configurationIde.problem(page, text).first().textContent();
    return Number(/Ligne (\d+)/.exec(label ?? '')?.[1] ?? NaN);
  },
  /** Searches the document and moves the cursor to the first line found; answers that line's number. */
  async goToText(page: Page, text: string): Promise<number> {
    await page.getByRole('tab', { name: 'Recherche' }).click();
    await page.getByLabel('Rechercher dans la configuration').fill(text);
    const result = page.getByTestId('configuration-ide-search').getByRole('button').first();
    const label = await result.textContent();
    await result.click();
    return Number(/Ligne (\d+)/.exec(label ?? '')?.[1] ?? NaN);
  },
  /** The number of the line the cursor is on (CodeMirror's active line gutter). */
  async cursorLine(page: Page): Promise<number> {
    return Number(await page.locator('.cm-activeLineGutter').first().textContent());
  },
  /** The text of the line the cursor is on. */
  activeLine: (page: Page) => page.locator('.cm-activeLine').first().textContent(),
  /** The labels of the completion list, once it shows. */
  async completions(page: Page): Promise<string[]> {
    const list = page.locator('.cm-tooltip-autocomplete');
    await list.waitFor();
    return list.locator('.cm-completionLabel').allTextContents();
  },
  /** Picks an option of the completion list with the mouse. */
  pickCompletion: (page: Page, label: string) => page.locator('.cm-tooltip-autocomplete li', { hasText: label }).click(),
  /** Types at the end of the cursor's line, as is (no auto-indent). */
  async appendToLine(page: Page, text: string) {
    await page.keyboard.press('End');
    await page.keyboard.insertText(text);
  },
  async eraseAtEnd(page: Page, count: number) {
    await page.keyboard.press('End');
    for (let index = 0; index < count; index += 1) await page.keyboard.press('Backspace');
  },
  async save(page: Page, versionName: string) {
    await page.getByRole('button', { name: 'Enregistrer…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enregistrer la configuration' });
    await dialog.getByTestId('configuration-ide-changes').waitFor();
    await dialog.getByLabel('Nom de la version créée').fill(versionName);
    await dialog.getByRole('button', { name: 'Enregistrer et créer la version' }).click();
    await page.locator('.p-toast--success').getByText(`Version « ${versionName} » créée`).waitFor();
  },
};
