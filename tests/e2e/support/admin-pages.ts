/** Page models of the administrative screens (issue 5): labels live here, not in the scenarios. */
import type { Page } from 'playwright-core';

export const confirmDialog = {
  accept: (page: Page) => page.locator('.bp6-alert').getByRole('button', { name: 'Confirmer' }).click(),
};

export const unsavedDialog = {
  leave: (page: Page) => page.getByRole('button', { name: 'Quitter sans enregistrer' }).click(),
  stay: (page: Page) => page.getByRole('button', { name: 'Rester sur la page' }).click(),
  saveAndLeave: (page: Page) => page.getByRole('button', { name: 'Enregistrer et quitter' }).click(),
  isOpen: (page: Page) => page.getByText('Modifications non enregistrées').isVisible(),
};

export const projectPages = {
  async create(page: Page, orgaId: string, name: string) {
    await page.goto(`/orga/${orgaId}/project-new`);
    await page.locator('#project-name').fill(name);
    await page.getByRole('button', { name: 'Créer le projet' }).click();
    await page.waitForURL(new RegExp(`/orga/${orgaId}$`));
    await page.getByRole('link', { name }).click();
    await page.waitForURL(/\/project\/[^/]+$/);
    return new URL(page.url()).pathname.split('/').at(-1)!;
  },
  environmentRow: (page: Page, name: string) => page.locator(`tr[data-env-name="${name}"]`),
  async createEnvironment(page: Page, projectId: string, name: string, source: { template?: string; file?: string }) {
    await page.goto(`/project/${projectId}/env-new`);
    await page.locator('#env-name').fill(name);
    if (source.template) await page.locator('#env-template').selectOption(source.template);
    if (source.file) {
      await page.getByLabel("Import d'un fichier d'export").check({ force: true });
      await page.locator('#env-file').setInputFiles(source.file);
    }
    await page.getByRole('button', { name: "Créer l'environnement" }).click();
    await page.waitForURL(new RegExp(`/project/${projectId}$`));
    await projectPages.environmentRow(page, name).waitFor();
  },
};

export const envManagement = {
  open: (page: Page, projectId: string, tab: string, envId: string) =>
    page.goto(`/project/${projectId}/env-management/${tab}?envId=${encodeURIComponent(envId)}`),
};
