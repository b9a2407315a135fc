/** Page models of the administrative screens: labels live here, not in the scenarios. */
import { openPage } from './browser';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const confirmDialog = {
  accept: (page: Page) => page.locator('.bp6-alert').getByRole('button', { name: 'Confirmer' }).click(),
  acceptWith: (page: Page, label: string) => page.locator('.bp6-alert').getByRole('button', { name: label }).click(),
};

export const unsavedDialog = {
  leave: (page: Page) => page.getByRole('button', { name: 'Quitter sans enregistrer' }).click(),
  stay: (page: Page) => page.getByRole('button', { name: 'Rester sur la page' }).click(),
  saveAndLeave: (page: Page) => page.getByRole('button', { name: 'Enregistrer et quitter' }).click(),
  isOpen: (page: Page) => page.getByText('Modifications non enregistrées').isVisible(),
};

export const projectPages = {
  async create(page: Page, orgaId: string, name: string) {
    await openPage(page, `/orga/${orgaId}/project-new`);
    await page.locator('#project-name').fill(name);
    await page.getByRole('button', { name: 'Créer le projet' }).click();
    await page.waitForURL(new RegExp(`/orga/${orgaId}$`));
    await page.getByRole('link', { name }).click();
    await page.waitForURL(/\/project\/[^/]+$/);
    return new URL(page.url()).pathname.split('/').at(-1)!;
  },
  environmentRow: (page: Page, name: string) => page.locator(`tr[data-env-name="${name}"]`),
  async createEnvironment(page: Page, projectId: string, name: string, source: { template?: string; file?: string }) {
    await openPage(page, `/project/${projectId}/env-new`);
    await page.locator('#env-name').fill(name);
    if (source.template) await page.locator('#env-template').selectOption(source.template);
    if (source.file) {
      await page.getByLabel("Import d'un fichier d'export").check({ force: true });
      await page.locator('#env-file').setInputFiles(source.file);
    }
    await page.getByRole('button', { name: "Créer l'environnement" }).click();
    // Creating opens the new environment; the project's list then shows it.
    await page.waitForURL(new RegExp(`/project/${projectId}/environment/[^/]+$`));
    await openPage(page, `/project/${projectId}`);
    await projectPages.environmentRow(page, name).waitFor();
  },
};

export const envManagement = {
  open: (page: Page, projectId: string, tab: string, envId: string) =>
    openPage(page, `/project/${projectId}/env-management/${tab}?envId=${encodeURIComponent(envId)}`),
};

export const sideNav = {
  open: (page: Page, name: string) => page.locator('.p-side-nav').getByRole('link', { name }).click(),
};

export const featureFlags = {
  /** Switches a per-browser flag on and waits until it is stored (IndexedDB is written after the click). */
  async enable(page: Page, label: string) {
    await openPage(page, '/profile');
    const flag = page.getByRole('checkbox', { name: label });
    await expect
      .poll(async () => {
        if (!(await flag.isChecked())) await flag.check({ force: true });
        await page.waitForTimeout(200);
        await page.reload();
        return flag.isChecked();
      })
      .toBe(true);
  },
};

export const versionsPage = {
  /** The link beside the environment picker, between an environment's settings and its versions. */
  headerLink: (page: Page, name: string) => page.locator('.p-page__header').getByRole('link', { name, exact: true }),
  chooseEnvironment: (page: Page, name: string) => page.getByLabel('Environnement', { exact: true }).selectOption({ label: name }),
  row: (page: Page, name: string) => page.locator(`tr[data-version-name="${name}"]`),
  async create(page: Page, name: string) {
    await page.locator('#version-name').fill(name);
    await page.getByRole('button', { name: 'Créer une version' }).click();
    await versionsPage.row(page, name).waitFor();
  },
  restore: (page: Page, name: string) => versionsPage.row(page, name).getByRole('button', { name: 'Restaurer' }).click(),
  noDifference: (page: Page) => page.getByText('Aucune différence'),
  diffRow: (page: Page, place: string) => page.locator('.p-settings-changes tbody tr').filter({ hasText: place }),
};

export const memberForm = {
  async invite(page: Page, orgaId: string, person: { firstname: string; lastname: string; username: string; email: string }) {
    await openPage(page, `/orga/${orgaId}/invite-user`);
    for (const [key, value] of Object.entries(person)) await page.locator(`#member-${key}`).fill(value);
    await page.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await page.getByText(`Invitation envoyée à ${person.email}`).waitFor();
  },
  async create(page: Page, orgaId: string, person: { firstname: string; lastname: string; username: string; email: string }) {
    await openPage(page, `/orga/${orgaId}/create-user`);
    for (const [key, value] of Object.entries(person)) await page.locator(`#member-${key}`).fill(value);
    await page.getByRole('button', { name: "Créer l'utilisateur" }).click();
    await page.getByText(`Utilisateur ${person.username} créé`).waitFor();
  },
};

export const invitationPage = {
  async accept(page: Page, password: string) {
    await page.locator('#new-password').fill(password);
    await page.locator('#password-confirmation').fill(password);
    await page.getByRole('button', { name: 'Accepter' }).click();
    await page.getByText('Invitation acceptée.').waitFor();
  },
  async decline(page: Page) {
    await page.getByRole('button', { name: 'Refuser' }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Refuser' }).click();
    await page.getByText('Invitation refusée.').waitFor();
  },
};

export const membersPage = {
  row: (page: Page, username: string) => page.locator(`tr[data-username="${username}"]`),
  edit: (page: Page, username: string) => membersPage.row(page, username).getByRole('button', { name: 'Modifier' }).click(),
  invitationStatus: (page: Page, email: string) => page.locator('tr').filter({ hasText: `(${email})` }),
};

export const rapidNavigation = {
  async search(page: Page, text: string) {
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: /Aller à une organisation/ });
    await input.fill(text);
    return page.locator('.bp6-omnibar .bp6-menu-item');
  },
};
