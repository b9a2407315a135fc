/**
 * Ghosting by provider support (spec §8): acting as a user behind a banner, provider staff refused
 * with a 403, and a named environment opened as the user. Apart from account.e2e.ts so the two run
 * side by side.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { toasts } from './support/pages';
import { signInByApi } from './support/session';
import { userMenu } from './support/navigation-pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new browser context signed in as `username`, on its organisation's home. */
async function signedIn(username: string) {
  const opened = await newPage(browser);
  await signInByApi(opened.page, username);
  await opened.page.waitForURL(/\/orga\/demo$/);
  return opened;
}

/** Support's "act as" dialog, opened from the user menu. */
async function openGhostDialog(page: Page) {
  await page.getByRole('button', { name: 'Sophie Support' }).click();
  await page.getByRole('menuitem', { name: 'Agir en tant que…' }).click();
}

describe('ghosting', () => {
  it('lets support act as a user behind a banner, refuses provider staff with a 403 toast, and exits', async () => {
    // The user finds the id support asks for in their own menu, and copies it.
    const viewer = await signedIn('viewer');
    await viewer.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await userMenu.choose(viewer.page, /Copier mon identifiant/);
    await toasts.success(viewer.page).getByText('Identifiant demo-user-viewer copié').waitFor();
    expect(await viewer.page.evaluate(() => navigator.clipboard.readText())).toBe('demo-user-viewer');
    await viewer.context.close();

    const { context, page } = await signedIn('support');

    await openGhostDialog(page);
    // By user id: an id names one account, where a username may be another's email.
    await page.locator('#ghost-user-id').fill('demo-user-sre');
    await page.getByRole('button', { name: 'Agir en tant que cette personne' }).click();
    await expect(toasts.error(page).first().textContent()).resolves.toContain('403 Forbidden');
    await page.getByRole('dialog').getByRole('alert').getByText("On ne peut pas agir à la place d'un membre du personnel du fournisseur.").waitFor();

    await page.locator('#ghost-user-id').fill('demo-user-viewer');
    await page.getByRole('button', { name: 'Agir en tant que cette personne' }).click();
    await page.getByTestId('ghost-banner').getByText('Vous agissez en tant que viewer').waitFor();
    await page.getByRole('button', { name: 'Victor Lecteur' }).waitFor();

    // The switch survives a reload: it is a client-stored key.
    await page.reload();
    await page.getByTestId('ghost-banner').waitFor();

    await page.getByRole('button', { name: 'Reprendre mon compte' }).click();
    await page.getByRole('button', { name: 'Sophie Support' }).waitFor();
    expect(await page.getByTestId('ghost-banner').count()).toBe(0);
    await context.close();
  });

  it('opens a named environment as the user, and refuses one the user may not see', async () => {
    const { context, page } = await signedIn('support');

    await openGhostDialog(page);
    // A private environment is hidden from a cockpit viewer: the switch is refused, nothing stored.
    await page.locator('#ghost-user-id').fill('demo-user-viewer');
    await page.locator('#ghost-environment').fill('demo-ic-recette');
    await page.getByRole('button', { name: 'Agir en tant que cette personne' }).click();
    await page
      .getByRole('dialog')
      .getByRole('alert')
      .getByText("L'utilisateur demo-user-viewer ne peut pas ouvrir l'environnement demo-ic-recette : Environnement introuvable.")
      .waitFor();
    expect(await page.getByTestId('ghost-banner').count()).toBe(0);

    await page.locator('#ghost-environment').fill('demo-ic-prod');
    await page.getByRole('button', { name: 'Agir en tant que cette personne' }).click();
    await page.waitForURL(/\/project\/demo-ic\/environment\/demo-ic-prod/);
    await page.getByTestId('ghost-banner').getByText("Vous agissez en tant que viewer dans l'environnement Production").waitFor();

    // Kept under the ghosted-environment key: after a reload elsewhere, the banner still leads back.
    await page.goto('/orga/demo');
    await page.getByTestId('ghost-banner').getByRole('button', { name: "Ouvrir l'environnement" }).click();
    await page.waitForURL(/\/project\/demo-ic\/environment\/demo-ic-prod/);

    await page.getByRole('button', { name: 'Reprendre mon compte' }).click();
    await page.getByRole('button', { name: 'Sophie Support' }).waitFor();
    expect(await page.getByTestId('ghost-banner').count()).toBe(0);
    await context.close();
  });
});
