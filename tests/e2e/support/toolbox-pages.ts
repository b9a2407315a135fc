/** Page models of the toolbox screens: labels live here, not in the scenario. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

const env = (projectId: string, envId: string) => `/project/${projectId}/environment/${envId}`;

export const toolboxPages = {
  // Save to toolbox, from an entity screen of an environment.
  async openInteraction(page: Page, projectId: string, envId: string, interactionId: string) {
    await openPage(page, `${env(projectId, envId)}/configuration/nlu/interactions/${interactionId}`);
    await page.getByTestId('save-to-toolbox').waitFor();
  },
  async saveToNewKit(page: Page, kitName: string) {
    await page.getByTestId('save-to-toolbox').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Kit', { exact: true }).selectOption({ label: 'Nouveau kit…' });
    await dialog.getByLabel('Nom', { exact: true }).fill(kitName);
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  },
  // Kits list and kit page.
  async openKits(page: Page) {
    await openPage(page, '/toolbox/kits');
    await page.getByLabel('Rechercher un kit').waitFor();
  },
  search: (page: Page, text: string) => page.getByLabel('Rechercher un kit').fill(text),
  kitRows: (page: Page) => page.locator('tr[data-kit]'),
  openKit: (page: Page, name: string) => page.locator(`tr[data-kit="${name}"]`).getByRole('link', { name }).click(),
  treeComponents: (page: Page) => page.getByRole('tree', { name: 'Arborescence du kit' }).locator('[data-component]'),
  // The environment's kits screen (configuration menu → Toolbox).
  async openEnvironmentKits(page: Page, projectId: string, envId: string) {
    await openPage(page, `${env(projectId, envId)}/configuration`);
    await page.getByRole('navigation', { name: 'Outils de configuration' }).getByRole('link', { name: /Kits de la boîte à outils/ }).click();
    await page.getByLabel('Kit à synchroniser').waitFor();
  },
  async startSync(page: Page, kitName: string) {
    await page.getByLabel('Kit à synchroniser').selectOption({ label: kitName });
    await page.getByRole('button', { name: 'Synchroniser', exact: true }).click();
  },
  previewActions: async (page: Page) =>
    page
      .getByRole('dialog')
      .getByRole('table', { name: 'Aperçu de la synchronisation' })
      .locator('tr[data-sync-item]')
      .evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-sync-item')}: ${row.querySelector('td:last-child')?.textContent ?? ''}`)),
  applyButton: (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Synchroniser', exact: true }),
  applySync: (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Synchroniser', exact: true }).click(),
  keepEnvironmentVersion: (page: Page, name: string) => page.getByRole('dialog').locator(`tr[data-sync-item="${name}"]`).getByText("Garder celle de l'environnement").click(),
  syncedKit: (page: Page, name: string) => page.locator(`[data-synced-kit="${name}"]`),
  updateButton: (page: Page, name: string) => page.locator(`[data-synced-kit="${name}"]`).getByRole('button', { name: 'Mettre à jour' }),
  async update(page: Page, name: string) {
    await page.locator(`[data-synced-kit="${name}"]`).getByText('Mise à jour disponible').waitFor();
    await page.locator(`[data-synced-kit="${name}"]`).getByRole('button', { name: 'Mettre à jour' }).click();
  },
  async unsyncKeeping(page: Page, name: string) {
    await page.locator(`[data-synced-kit="${name}"]`).getByRole('button', { name: 'Retirer en gardant les éléments' }).click();
    await page.getByRole('button', { name: 'Confirmer' }).click();
  },
  emptySyncs: (page: Page) => page.getByText("Cet environnement n'est synchronisé avec aucun kit"),
  // A component from scratch.
  newComponent: (page: Page) => page.getByRole('link', { name: 'Nouveau composant' }).click(),
  componentType: (page: Page) => page.getByLabel('Type', { exact: true }),
  componentName: (page: Page) => page.getByLabel('Nom', { exact: true }),
  async typeProgram(page: Page, text: string) {
    await page.getByTestId('snippet-editor').locator('.cm-content').click();
    await page.keyboard.type(text);
  },
  saveComponent: (page: Page) => page.getByRole('button', { name: 'Enregistrer', exact: true }).click(),
  // Use-case library.
  async openLibrary(page: Page) {
    await openPage(page, '/use-cases-library');
    await page.locator('[data-use-case]').first().waitFor();
  },
  useCaseIds: (page: Page) => page.locator('[data-use-case]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-use-case'))),
  /** The new environment goes to `projectName`; without it, to the dialog's first project (by name). */
  async useTemplate(page: Page, id: string, environmentName: string, projectName?: string) {
    await page.locator(`[data-use-case="${id}"]`).getByRole('button', { name: 'Utiliser' }).click();
    const dialog = page.getByRole('dialog');
    if (projectName !== undefined) await dialog.getByLabel('Projet').selectOption({ label: projectName });
    await dialog.getByLabel("Nom de l'environnement").fill(environmentName);
    await dialog.getByRole('button', { name: "Créer l'environnement" }).click();
  },
};
