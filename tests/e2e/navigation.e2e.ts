/**
 * A way around, as a new user meets it: the index page at the root (organisations with
 * their projects count, recent pages), rapid navigation driven by the keyboard, a user menu and an
 * organisation menu that offer each role what it may open, the last admin kept, and an expired
 * password that leads back to the page asked for.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api';
import { launchBrowser, newPage, openPage } from './support/browser';
import { featureFlags } from './support/admin-pages';
import { indexPage, omnibar, sideNav, userMenu } from './support/navigation-pages';
import { loginPage } from './support/pages';
import { signInByApi } from './support/session';
import { docsPicture } from './support/docs-pictures';

let browser: Browser;
let admin: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiAs('admin');
});
afterAll(() => browser?.close());

async function signedIn(username: string, landing: RegExp = /\/orga\/demo$/) {
  const opened = await newPage(browser);
  await signInByApi(opened.page, username);
  await opened.page.waitForURL(landing);
  return opened;
}


describe('the index page', () => {
  it('lists the organisations with their projects count and the pages opened last', async () => {
    const { context, page } = await signedIn('admin');
    await openPage(page, '/project/demo-ic');
    await page.getByRole('heading', { name: 'Courrier entrant' }).first().waitFor();
    await docsPicture(page, 'project-home');

    // In-app (no reload), so the visit just recorded is there.
    await page.locator('.p-brand').click();
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();
    const targets = await admin<{ projects: { organisationId: string }[] }>('GET', '/v4/console/api/navigation');
    const count = targets.projects.filter((project) => project.organisationId === 'demo').length;
    const demo = indexPage.organisations(page).filter({ hasText: 'Démo' });
    await demo.getByText(`${count} projets`).waitFor();
    await docsPicture(page, 'home');

    const recent = indexPage.recentPages(page);
    await expect.poll(() => recent.first().innerText()).toContain('/project/demo-ic');
    await recent.first().getByRole('link', { name: 'Projet' }).click();
    await page.waitForURL(/\/project\/demo-ic$/);

    // The brand leads back to it; a click on the organisation opens it.
    await page.locator('.p-brand').click();
    await indexPage.organisations(page).getByRole('link', { name: 'Démo' }).click();
    await page.waitForURL(/\/orga\/demo$/);
    await context.close();
  }, 60_000);

  it('still sends a light user to their self-service space', async () => {
    const { context, page } = await signedIn('light', /\/self$/);
    await openPage(page, '/');
    await page.waitForURL(/\/self$/);
    await context.close();
  }, 60_000);
});

describe('rapid navigation (Ctrl+K)', () => {
  it('shows recent pages first, starts empty at each opening and is driven by the keyboard', async () => {
    // A qualifier: the consumption page searched below is not offered to cockpit-only members.
    const { context, page } = await signedIn('qualifier');
    // Moves inside the app (no reload): files viewer from the user menu, then home from the brand.
    await userMenu.choose(page, 'Visionneuse de fichiers');
    await page.waitForURL(/\/files-viewer$/);
    await page.locator('.p-brand').click();
    await page.getByRole('heading', { name: 'Accueil', level: 1 }).waitFor();

    await omnibar.open(page);
    // Centred, at a readable width.
    const box = (await omnibar.box(page).boundingBox())!;
    expect(box.width).toBeGreaterThan(400);
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(4);
    // Before typing: the recent pages only, newest first.
    await expect.poll(() => omnibar.items(page).first().innerText()).toContain('Accueil');
    expect(await omnibar.items(page).allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Visionneuse de fichiers')]));

    // Arrows move the active result, Enter opens it.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => omnibar.active(page).innerText()).toContain('Visionneuse de fichiers');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/files-viewer$/);

    // Pages of the menu are found too; the search starts empty again.
    await omnibar.open(page);
    expect(await omnibar.input(page).inputValue()).toBe('');
    await omnibar.input(page).fill('consommation');
    await omnibar.items(page).filter({ hasText: 'Consommation' }).first().waitFor();
    await omnibar.input(page).fill('Démo');
    await omnibar.items(page).filter({ hasText: 'Démo' }).first().waitFor();
    await page.keyboard.press('Escape');
    await omnibar.box(page).waitFor({ state: 'hidden' });
    await omnibar.open(page);
    expect(await omnibar.input(page).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await context.close();
  }, 60_000);
});

describe('menus by role', () => {
  it('offers a member working on projects the toolbox, use cases (with the BUC flag), files viewer and consumption, but not the SRE screens', async () => {
    const { context, page } = await signedIn('qualifier');
    const labels = await userMenu.labels(page);
    expect(labels).toEqual(expect.arrayContaining(['Kits', 'Visionneuse de fichiers', 'Consommation']));
    expect(labels).not.toContain('Analyses de boîtes de réception (SRE)');
    // The use-case library belongs to the experimental light edition: without the BUC flag, no entry
    // (nor in rapid navigation), and its address says how to switch it on.
    expect(labels).not.toContain("Bibliothèque de cas d'usage");
    await omnibar.open(page);
    await omnibar.input(page).fill('bibliothèque');
    await omnibar.items(page).filter({ hasText: 'Aucun résultat' }).waitFor();
    await page.keyboard.press('Escape');
    await openPage(page, '/use-cases-library');
    await page.getByText('La bibliothèque de cas d\'usage fait partie de l\'édition légère, une fonctionnalité expérimentale', { exact: false }).waitFor();
    expect(await page.locator('[data-use-case]').count()).toBe(0);
    await page.getByRole('link', { name: 'Ouvrir le profil' }).click();
    await page.waitForURL(/\/profile$/);
    await featureFlags.enable(page, 'Édition légère (BUC)');
    expect(await userMenu.labels(page)).toContain("Bibliothèque de cas d'usage");
    await userMenu.choose(page, "Bibliothèque de cas d'usage");
    await page.waitForURL(/\/use-cases-library/);
    await page.locator('[data-use-case]').first().waitFor();
    await context.close();

    // A cockpit viewer (§6 "dashboard only"): neither the toolbox nor the consumption, and a project
    // menu with neither the testing center nor a new environment.
    const viewer = await signedIn('viewer');
    const viewerLabels = await userMenu.labels(viewer.page);
    expect(viewerLabels).toContain('Visionneuse de fichiers');
    expect(viewerLabels).not.toContain('Kits');
    expect(viewerLabels).not.toContain('Consommation');
    await openPage(viewer.page, '/project/demo-ic');
    await sideNav(viewer.page).filter({ hasText: 'Projet' }).first().waitFor();
    const projectEntries = await sideNav(viewer.page).allInnerTexts();
    expect(projectEntries).not.toContain('Centre de test');
    expect(projectEntries).not.toContain('Nouvel environnement');
    await viewer.context.close();

    const qualifier = await signedIn('qualifier');
    await openPage(qualifier.page, '/project/demo-ic');
    await sideNav(qualifier.page).filter({ hasText: 'Centre de test' }).waitFor();
    expect(await sideNav(qualifier.page).allInnerTexts()).not.toContain('Nouvel environnement');
    await qualifier.context.close();
  }, 90_000);

  it('offers an external guest neither the organisation settings nor the consumption', async () => {
    const { context, page } = await signedIn('guest');
    const entries = await sideNav(page).allInnerTexts();
    expect(entries).not.toContain("Paramètres de l'organisation");
    expect(entries).not.toContain("Consommation de l'organisation");
    const labels = await userMenu.labels(page);
    expect(labels).not.toContain('Consommation');
    expect(labels).not.toContain('Kits');
    expect(labels).toContain('Visionneuse de fichiers');
    await context.close();
  }, 60_000);

  it('offers the SRE its screens from the user menu', async () => {
    const { context, page } = await signedIn('sre');
    const labels = await userMenu.labels(page);
    expect(labels).toEqual(expect.arrayContaining(['Analyses de boîtes de réception (SRE)', 'Analyses du cœur (SRE)', "Compteur d'analyses (SRE)", 'Organisations (SRE)']));
    await context.close();
  }, 60_000);
});

describe('the last admin', () => {
  it('cannot be removed nor lose the admin mode, and the screen says why', async () => {
    const { context, page } = await signedIn('admin');
    await openPage(page, '/orga/demo/settings');
    const row = page.locator('tr[data-username="admin"]');
    await expect.poll(() => row.getByRole('button', { name: 'Retirer le membre' }).isDisabled()).toBe(true);
    await row.getByRole('button', { name: 'Modifier' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Dernier administrateur de l’organisation').waitFor();
    expect(await dialog.getByLabel('Administrateur', { exact: true }).isDisabled()).toBe(true);
    await context.close();
  }, 60_000);
});

describe('an expired password', () => {
  it('leads, once changed, to the page the user asked for', async () => {
    const username = `nav-${Date.now()}`;
    const created = await admin<{ member: { userId: string }; temporaryPassword: string }>('POST', '/v4/console/api/organisation/demo/users', {
      firstname: 'Noé',
      lastname: 'Navigateur',
      username,
      email: `${username}@example.test`,
      profiles: [{ projectId: 'demo-ic', profile: 'cockpit' }],
    });
    try {
      const { context, page } = await newPage(browser);
      await openPage(page, '/project/demo-ic');
      await page.waitForURL(/\/login/);
      await loginPage.signIn(page, username, created.temporaryPassword);
      await page.waitForURL(/\/reset-password\/[\w-]+\?hasExpired=true$/);
      const password = 'Navigation-2026-ok';
      await page.locator('#new-password').fill(password);
      await page.locator('#password-confirmation').fill(password);
      await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
      await page.waitForURL(/\/login$/);
      await loginPage.signIn(page, username, password);
      await page.waitForURL(/\/project\/demo-ic$/);
      await context.close();
    } finally {
      await admin('DELETE', `/v4/console/api/organisation/demo/members/${created.member.userId}`);
    }
  }, 60_000);
});

describe('invitations and the identity provider on the organisation settings', () => {
  it('sends a pending invitation again and cancels it, each after a confirmation', async () => {
    const username = `invite-${Date.now()}`;
    const email = `${username}@example.test`;
    await admin('POST', '/v4/console/api/organisation/demo/invitations', { firstname: 'Inès', lastname: 'Invitée', username, email });
    const { context, page } = await signedIn('admin');
    await openPage(page, '/orga/demo/settings');
    const row = page.locator(`tr[data-email="${email}"]`);
    await row.getByText('En attente').waitFor();

    await row.getByRole('button', { name: 'Renvoyer' }).click();
    await page.locator('.bp6-alert').getByText('Le lien du premier e-mail ne fonctionnera plus').waitFor();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Renvoyer' }).click();
    await page.getByText(`Invitation renvoyée à ${email}`).waitFor();

    await row.getByRole('button', { name: "Annuler l'invitation" }).click();
    // The dialog's buttons name the action: cancel the invitation, or keep it.
    await page.locator('.bp6-alert').getByRole('button', { name: "Garder l'invitation" }).waitFor();
    await page.locator('.bp6-alert').getByRole('button', { name: "Annuler l'invitation" }).click();
    await row.waitFor({ state: 'detached' });
    const invitations = await admin<{ email: string }[]>('GET', '/v4/console/api/organisation/demo/invitations');
    expect(invitations.map((i) => i.email)).not.toContain(email);
    await context.close();
  }, 60_000);

  it('lets an admin set the OIDC provider, asking for the secret and saying when the issuer does not answer', async () => {
    const { context, page } = await signedIn('admin');
    await openPage(page, '/orga/demo/settings');
    const section = page.locator('.p-section', { has: page.locator('#sso-title') });
    await section.getByText('Non configuré').waitFor();
    await page.locator('#sso-issuer').fill('http://127.0.0.1:9/');
    await page.locator('#sso-clientId').fill('postroom');
    await section.getByRole('button', { name: 'Enregistrer et tester la connexion' }).click();
    // Refused in the page, under the field, before anything is sent.
    await section.locator('#sso-clientSecret-problem').getByText('Champ obligatoire').waitFor();
    expect(await page.locator('#sso-clientSecret').getAttribute('type')).toBe('password');

    await page.locator('#sso-clientSecret').fill('un-secret');
    await section.getByRole('button', { name: 'Enregistrer et tester la connexion' }).click();
    // Said under the issuer (and in a toast).
    await section.getByText("Le fournisseur d'identité ne répond pas, réessayez plus tard.").waitFor();
    // Nothing was saved: still not configured, and the form kept what was typed.
    await section.getByText('Non configuré').waitFor();
    expect(await page.locator('#sso-clientId').inputValue()).toBe('postroom');
    await context.close();
  }, 60_000);

  it('is not offered to a member who is not an admin', async () => {
    // §6: only organisation admins edit the organisation; a member working on its projects reads its
    // settings, without the identity provider.
    const { context, page } = await signedIn('qualifier');
    await openPage(page, '/orga/demo/settings');
    await page.getByRole('heading', { name: 'Membres' }).waitFor();
    expect(await page.locator('#sso-title').count()).toBe(0);
    await context.close();
  }, 60_000);
});
