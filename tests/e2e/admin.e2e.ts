/**
 * The administrative spine as a new user meets it: projects, environments from templates,
 * settings with the unsaved-changes dialog, export then import, access key, webhook test delivery to a
 * local receiver, asynchronous deletion; and what a cockpit viewer does not see.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openPage, savedDownload } from './support/browser';
import { signInByApi } from './support/session';
import { confirmDialog, projectPages, rapidNavigation, unsavedDialog } from './support/admin-pages';

let browser: Browser;
let receiver: Server;
let receiverUrl: string;
let deliveries = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = createServer((request, response) => {
    deliveries += 1;
    request.resume();
    request.on('end', () => {
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function signIn(page: Page, username: string) {
  await signInByApi(page, username);
  await page.waitForURL(/\/orga\/[^/]+$/);
}

/** A tab of env-management (they keep the chosen environment, unlike the side menu). */
const tab = (page: Page, name: string) => page.locator('.p-tabs').getByRole('link', { name });
const settingsLink = (page: Page, env: string) => projectPages.environmentRow(page, env).getByRole('link', { name: 'Paramètres' });

describe('administration', () => {
  it('takes an admin from a new project to a configured, exported, imported and deleted environment', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    // The organisation menu offers the admin-only screens to an admin.
    await openPage(page, '/orga/demo');
    await page.getByRole('navigation', { name: 'Organisation', exact: true }).getByRole('link', { name: 'Inviter un utilisateur' }).waitFor();
    const projectId = await projectPages.create(page, 'demo', 'Projet e2e');

    for (const [name, template] of [
      ['Assurance', 'insurance:meeting'],
      ['Tourisme', 'tourism:airline-messages'],
      ['Commerce', 'retail:quotes-and-orders'],
    ] as const) {
      await projectPages.createEnvironment(page, projectId, name, { template });
      await expect(projectPages.environmentRow(page, name).textContent()).resolves.toContain('Extracteur → NLU');
    }

    // Settings with unsaved changes: stay, then leave without saving, then save and leave.
    await settingsLink(page, 'Assurance').click();
    await page.locator('#env-retention').selectOption('1y');
    await tab(page, 'Import / export').click();
    await page.getByRole('button', { name: 'Rester sur la page' }).waitFor();
    await unsavedDialog.stay(page);
    await expect(page.locator('#env-retention').inputValue()).resolves.toBe('1y');
    await tab(page, 'Import / export').click();
    await unsavedDialog.leave(page);
    await page.waitForURL(/import-export/);
    await tab(page, "Paramètres de l'environnement").click();
    // The tab shows the stored value once it has replaced the page left (the discarded edit is gone).
    await expect.poll(() => page.locator('#env-retention').inputValue()).toBe('6m');
    await page.locator('#env-retention').selectOption('1w');
    await tab(page, 'Import / export').click();
    await unsavedDialog.saveAndLeave(page);
    await page.waitForURL(/import-export/);

    // Export, then import the file into a new environment.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: "Télécharger l'export" }).click()]);
    const exported = await savedDownload(download);
    expect(JSON.parse(await readFile(exported, 'utf8'))).toMatchObject({ version: 1, environment: { settings: { retention: '1w' } } });
    await projectPages.createEnvironment(page, projectId, 'Copie importée', { file: exported });

    // The same file on an existing environment: a readable preview first, then applied.
    await settingsLink(page, 'Tourisme').click();
    await tab(page, 'Import / export').click();
    await page.locator('#import-file').setInputFiles(exported);
    await page.locator('.p-settings-changes').getByText('Conservation des analyses').waitFor();
    await page.getByRole('button', { name: 'Appliquer ces changements' }).click();
    await page.locator('.p-toast--success').getByText('Importé').waitFor();
    await openPage(page, `/project/${projectId}`);

    // An access key's secret is shown once.
    await settingsLink(page, 'Copie importée').click();
    await tab(page, "Clés d'accès").click();
    await page.getByLabel('Nom de la clé').fill('CRM');
    await page.getByRole('button', { name: 'Créer une clé' }).click();
    const secret = await page.locator('.p-secret input').inputValue();
    expect(secret).toMatch(/^pk_/);
    // Escape before copying asks first, and staying keeps the secret on screen. (Pressed from inside the
    // dialog: on a loaded machine the dialog may not have taken the focus yet.)
    await page.locator('.p-secret input').focus();
    await page.keyboard.press('Escape');
    const ask = page.locator('.bp6-alert', { hasText: 'Fermer sans copier ?' });
    await ask.getByRole('button', { name: 'Annuler' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.locator('.p-secret input').inputValue()).toBe(secret);
    await page.getByRole('button', { name: 'Copier', exact: true }).click();
    await page.getByRole('button', { name: 'Copié', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole('button', { name: "C'est noté" }).click();
    await page.locator('.p-secret').waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: /CRM/ }).waitFor();
    expect((await page.content()).includes(secret), 'the secret is still on the page').toBe(false);

    // A webhook and a test delivery to the local receiver.
    await tab(page, 'Webhooks').click();
    await page.getByRole('button', { name: 'Ajouter un webhook' }).click();
    await page.locator('#webhook-url').fill(receiverUrl);
    await page.locator('#webhook-header-name').fill('X-Token');
    await page.locator('#webhook-header-value').fill('secret-value-1234');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('button', { name: 'Envoyer un test' }).click();
    await page.locator('.p-webhook-result').getByText('204').waitFor();
    expect(deliveries).toBe(1);

    // Editing it in its dialog: closing with a change asks first; "save and leave" saves it.
    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.locator('#webhook-url').fill(`${receiverUrl}?v=2`);
    await page.keyboard.press('Escape');
    await unsavedDialog.saveAndLeave(page);
    await page.locator(`tr[data-webhook-url="${receiverUrl}?v=2"]`).waitFor();

    // Deleting: recorded, then gone from the project page by itself.
    await tab(page, "Paramètres de l'environnement").click();
    await page.getByRole('button', { name: "Supprimer l'environnement" }).click();
    await confirmDialog.accept(page);
    await page.waitForURL(new RegExp(`/project/${projectId}$`));
    await projectPages.environmentRow(page, 'Copie importée').waitFor({ state: 'detached', timeout: 15_000 });
    await context.close();
  }, 120_000);

  it('shows a viewer no hidden environment and no editing control', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'viewer');
    // Once the organisation is loaded (its name is the title), its menu has no admin-only entry.
    await openPage(page, '/orga/demo');
    await page.getByRole('heading', { name: 'Démo' }).waitFor();
    const orgaMenu = page.getByRole('navigation', { name: 'Organisation', exact: true });
    await orgaMenu.getByRole('link').filter({ hasText: 'Organisation' }).first().waitFor();
    // Nor the organisation-wide pages, which are for members working on projects.
    for (const adminOnly of ['Inviter un utilisateur', 'Créer un utilisateur', "Journal d'audit", 'Nouveau projet', 'Consommation']) {
      expect(await orgaMenu.getByRole('link', { name: adminOnly }).count()).toBe(0);
    }
    await openPage(page, '/project/demo-ic');
    await projectPages.environmentRow(page, 'Production').waitFor();
    expect(await projectPages.environmentRow(page, 'Recette').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Supprimer le projet' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Nouvel environnement' }).isDisabled()).toBe(true);
    expect(await settingsLink(page, 'Production').count()).toBe(0);
    expect(await page.locator('#project-name').getAttribute('readonly')).not.toBeNull();

    // The configuration screens are no pages of a cockpit viewer's (§6): one "no access" page, not
    // the screen with its controls disabled.
    for (const path of ['/project/demo-ic/env-new', '/project/demo-ic/env-management/settings', '/project/demo-ic/env-management/webhooks']) {
      await openPage(page, path);
      await page.getByTestId('no-access').waitFor();
      expect(await page.getByRole('button', { name: "Créer l'environnement" }).count()).toBe(0);
      expect(await page.locator('#env-name').count()).toBe(0);
    }
    await context.close();
  }, 60_000);

  it('finds real organisations, projects and environments with rapid navigation, hidden ones only for configurators', async () => {
    const viewer = await newPage(browser);
    await signIn(viewer.page, 'viewer');
    await (await rapidNavigation.search(viewer.page, 'Recette')).getByText('Aucun résultat').waitFor();
    await viewer.page.keyboard.press('Escape');
    const projects = await rapidNavigation.search(viewer.page, 'Courrier');
    await projects.filter({ hasText: 'Courrier entrant' }).first().click();
    await viewer.page.waitForURL(/\/project\/demo-ic$/);
    await viewer.context.close();

    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    const hidden = (await rapidNavigation.search(admin.page, 'Recette')).filter({ hasText: 'Recette' });
    await expect.poll(() => hidden.count()).toBe(2);
    await admin.context.close();
  }, 60_000);
});
