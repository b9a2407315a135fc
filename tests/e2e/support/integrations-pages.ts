/** Page model of the integrations tab, its wizard and its run dialog (French labels, the default language). */
import { openPage } from './browser';
import type { Page } from 'playwright-core';

export const integrationsPage = {
  async open(page: Page, projectId: string, envId: string) {
    await openPage(page, `/project/${projectId}/env-management/integrations?envId=${envId}`);
    await page.getByRole('button', { name: 'Nouveau connecteur' }).waitFor();
  },
  newButton: (page: Page) => page.getByRole('button', { name: 'Nouveau connecteur' }),
  typeSelect: (page: Page) => page.getByRole('combobox', { name: 'Type' }),
  nextButton: (page: Page) => page.getByRole('button', { name: 'Suivant' }),
  createButton: (page: Page) => page.getByRole('button', { name: 'Créer' }),
  authorizeButton: (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Autoriser' }),
  row: (page: Page, name: string) => page.locator(`tr[data-connector="${name}"]`),
  activeSwitch: (page: Page, name: string) => integrationsPage.row(page, name).getByRole('checkbox', { name: 'Actif' }),
  runButton: (page: Page, name: string) => integrationsPage.row(page, name).getByRole('button', { name: 'Exécuter' }),
  startRunButton: (page: Page) => page.getByRole('button', { name: 'Lancer' }),
  runStatus: (page: Page, name: string) => integrationsPage.row(page, name).locator('[data-run-status]'),
  /** A manual run of the connector from its row, waited for until it says done. */
  async runOnce(page: Page, name: string) {
    await integrationsPage.runButton(page, name).click();
    await integrationsPage.startRunButton(page).click();
    await integrationsPage.runStatus(page, name).and(page.locator('[data-run-status="done"]')).waitFor({ timeout: 30_000 });
  },
};
