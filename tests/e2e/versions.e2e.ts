/**
 * Environment versions (behind the projectVersions flag) as a configurator meets them: switch
 * the flag on, snapshot an environment, change a setting, read the difference, restore the version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openPage } from './support/browser';
import { signInByApi } from './support/session';
import { confirmDialog, featureFlags, projectPages, sideNav, versionsPage } from './support/admin-pages';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, username: string) {
  await signInByApi(page, username);
  await page.waitForURL(/\/orga\/[^/]+$/);
}

describe('environment versions', () => {
  it('snapshots a configuration, shows what changed since, and restores it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');

    // Behind its flag: no menu entry, and the page says how to switch it on.
    await openPage(page, '/project/demo-nlu');
    await page.locator('.p-side-nav').waitFor();
    expect(await page.locator('.p-side-nav').getByRole('link', { name: 'Versions' }).count()).toBe(0);
    await openPage(page, '/project/demo-nlu/versions');
    await page.getByText(/activez « Versions de projet »/).waitFor();

    await featureFlags.enable(page, 'Versions de projet');
    await projectPages.createEnvironment(page, 'demo-nlu', 'Vols', { template: 'tourism:airline-messages' });
    await sideNav.open(page, 'Versions');
    await page.waitForURL(/\/project\/demo-nlu\/versions/);
    await versionsPage.chooseEnvironment(page, 'Vols');
    // The first environment shows before the chosen one: wait for the choice to be in the address.
    await page.waitForURL(/envId=/);
    await page.getByText('Aucune version de cet environnement').waitFor();
    const envId = new URL(page.url()).searchParams.get('envId');
    expect(envId).toBeTruthy();

    await versionsPage.create(page, 'Mise en service');
    await versionsPage.noDifference(page).waitFor();

    // A change saved on the settings page (one click away, same environment) shows up against the version, in words.
    await versionsPage.headerLink(page, "Paramètres de l'environnement").click();
    await page.waitForURL(new RegExp(`/env-management/settings\\?envId=${envId}`));
    const before = await page.locator('#env-retention').inputValue();
    await page.locator('#env-retention').selectOption('1y');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.locator('.p-toast--success').getByText('Enregistré').waitFor();
    await versionsPage.headerLink(page, 'Versions').click();
    await page.waitForURL(new RegExp(`/versions\\?envId=${envId}`));
    const retention = versionsPage.diffRow(page, 'Conservation des analyses');
    await retention.waitFor();
    expect(await retention.locator('td').nth(2).textContent()).toBe('1 an');

    // Restoring asks first, then the configuration matches the version again.
    await versionsPage.restore(page, 'Mise en service');
    await page.locator('.bp6-alert').getByText(/La configuration actuelle de « Vols » sera remplacée/).waitFor();
    await confirmDialog.acceptWith(page, 'Restaurer');
    await versionsPage.noDifference(page).waitFor();
    await openPage(page, `/project/demo-nlu/env-management/settings?envId=${envId}`);
    // (Cached data may show first, then the server's answer replaces it.)
    await expect.poll(() => page.locator('#env-retention').inputValue()).toBe(before);
    await context.close();
  }, 90_000);

  it('lets a qualifier read versions but not create or restore them, and shows a cockpit viewer no access', async () => {
    // §6: cockpit is dashboard only; the versions page is no page of theirs (the server refuses it too).
    const viewer = await newPage(browser);
    await signIn(viewer.page, 'viewer');
    await openPage(viewer.page, '/project/demo-nlu/versions');
    await viewer.page.getByTestId('no-access').waitFor();
    await viewer.context.close();

    const { context, page } = await newPage(browser);
    await signIn(page, 'qualifier');
    await featureFlags.enable(page, 'Versions de projet');
    await openPage(page, '/project/demo-nlu/versions');
    await versionsPage.chooseEnvironment(page, 'Vols');
    await page.waitForURL(/envId=/);
    await versionsPage.row(page, 'Mise en service').waitFor();
    expect(await page.getByRole('button', { name: 'Créer une version' }).isDisabled()).toBe(true);
    expect(await versionsPage.row(page, 'Mise en service').getByRole('button', { name: 'Restaurer' }).isDisabled()).toBe(true);
    await versionsPage.noDifference(page).waitFor();
    await context.close();
  }, 60_000);
});
