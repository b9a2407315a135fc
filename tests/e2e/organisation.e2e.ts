/**
 * The organisation screens as people meet them: an invitation mailed to the outbox, accepted
 * with a password (the new member then signs in) or declined; a member edited in a dialog that asks
 * before dropping unsaved changes; the organisation's settings changed by its admin, read by others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs } from './support/api';
import { launchBrowser, newPage, openPage } from './support/browser';
import { loginPage } from './support/pages';
import { signInByApi } from './support/session';
import { invitationPage, memberForm, membersPage, unsavedDialog } from './support/admin-pages';
import { mailTo } from './support/outbox';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, username: string, password?: string) {
  await signInByApi(page, username, { password });
  await page.waitForURL(/\/orga\/[^/]+$/);
}

/** Invites someone as the signed-in admin and returns the link of the mail written to the outbox. */
async function inviteAndReadLink(page: Page, username: string): Promise<string> {
  const email = `${username}@example.test`;
  await memberForm.invite(page, 'demo', { firstname: 'Nina', lastname: username, username, email });
  const mail = await mailTo(email);
  const link = /https?:\/\/\S+\/invitation\/[\w-]+/.exec(mail.text)?.[0];
  expect(link?.startsWith(new URL(page.url()).origin)).toBe(true);
  return link ?? '';
}

const NEW_PASSWORD = 'Invitation-2026!';

describe('invitations', () => {
  it('are accepted with a password (the new member signs in) or declined, and the admin sees both answers', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    const acceptLink = await inviteAndReadLink(admin.page, 'nina');
    const declineLink = await inviteAndReadLink(admin.page, 'oscar');

    // The invitee, signed out, opens the link and accepts.
    const invitee = await newPage(browser);
    await invitee.page.goto(acceptLink);
    await invitee.page.getByRole('heading', { name: 'Invitation à rejoindre Démo' }).waitFor();
    await invitee.page.getByText('votre identifiant sera nina').waitFor();
    await invitationPage.accept(invitee.page, NEW_PASSWORD);
    await invitee.page.getByRole('link', { name: 'Se connecter' }).click();
    await invitee.page.locator('#login-username').waitFor();
    await loginPage.signIn(invitee.page, 'nina', NEW_PASSWORD);
    await invitee.page.waitForURL(/\/orga\/demo$/);
    await invitee.context.close();

    // Another one declines; the link is then spent.
    const other = await newPage(browser);
    await other.page.goto(declineLink);
    await invitationPage.decline(other.page);
    await other.page.goto(declineLink);
    await other.page.getByText('Invitation refusée.').waitFor();
    await other.context.close();

    await openPage(admin.page, '/orga/demo/settings');
    await membersPage.row(admin.page, 'nina').waitFor();
    expect(await membersPage.row(admin.page, 'oscar').count()).toBe(0);
    await membersPage.invitationStatus(admin.page, 'nina@example.test').getByText('Acceptée').waitFor();
    await membersPage.invitationStatus(admin.page, 'oscar@example.test').getByText('Refusée').waitFor();
    await admin.context.close();
  }, 90_000);
});

describe('editing a member', () => {
  it('asks before closing with unsaved changes: stay, leave, or save and leave', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    // A member of its own, so the demo accounts other scenarios use keep their rights.
    await memberForm.create(page, 'demo', { firstname: 'Paul', lastname: 'Membre', username: 'paul', email: 'paul@example.test' });
    await openPage(page, '/orga/demo/settings');
    const row = membersPage.row(page, 'paul');
    await row.waitFor();
    const position = async () => (await row.locator('td').nth(2).textContent()) ?? '';
    const original = await position();

    await membersPage.edit(page, 'paul');
    await page.locator('#member-position').fill('Chef qualité');
    await page.keyboard.press('Escape');
    await unsavedDialog.stay(page);
    await expect(page.locator('#member-position').inputValue()).resolves.toBe('Chef qualité');

    await page.getByRole('button', { name: 'Annuler' }).click();
    await unsavedDialog.leave(page);
    await page.locator('#member-position').waitFor({ state: 'detached' });
    expect(await position()).toBe(original);

    await membersPage.edit(page, 'paul');
    await page.locator('#member-position').fill('Chef qualité');
    await page.getByLabel('Courrier entrant').selectOption('cockpit');
    await page.getByRole('button', { name: 'Annuler' }).click();
    await unsavedDialog.saveAndLeave(page);
    await page.locator('#member-position').waitFor({ state: 'detached' });
    await row.getByText('Chef qualité').waitFor();
    expect(await row.textContent()).toContain('Courrier entrant : Cockpit');
    await context.close();
  }, 60_000);
});

describe('organisation settings', () => {
  it('saves a contract start typed as dd/mm/yy, an emptied yearly quota and the monthly quota; a configurator only reads them', async () => {
    const api = await apiAs('admin');
    const before = await api<{ name: string; contractStartDate: string; yearlyQuota: number | null; selfServiceMonthlyQuota: number }>('GET', '/v4/console/api/organisation/demo');
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, 'admin');
      await openPage(page, '/orga/demo/settings');
      const form = page.getByRole('form', { name: "Paramètres de l'organisation" });
      const start = form.getByLabel('Début du contrat');
      await start.fill('01/04/26');
      // The calendar opened on typing; Escape closes it, keeping the typed day.
      await start.press('Escape');
      await page.locator('.bp6-datepicker').waitFor({ state: 'detached' });
      await form.getByLabel("Quota annuel d'analyses").fill('');
      await form.getByLabel("Analyses par mois d'un compte libre-service").fill('-3');
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      // Refused before sending: the field says why, in French.
      await page.getByText('Le quota mensuel est un nombre entier entre 0 et 1 000 000.').waitFor();
      await form.getByLabel("Analyses par mois d'un compte libre-service").fill('250');
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      await expect.poll(async () => (await api<typeof before>('GET', '/v4/console/api/organisation/demo'))).toMatchObject({ contractStartDate: '2026-04-01', yearlyQuota: null, selfServiceMonthlyQuota: 250 });
      await page.reload();
      await expect.poll(() => form.getByLabel('Début du contrat').inputValue()).toBe('01/04/26');
      expect(await form.getByLabel("Quota annuel d'analyses").inputValue()).toBe('');
      expect(await form.getByLabel("Analyses par mois d'un compte libre-service").inputValue()).toBe('250');

      const reader = await newPage(browser);
      await signIn(reader.page, 'configurator');
      await openPage(reader.page, '/orga/demo/settings');
      await reader.page.getByText("Seuls les administrateurs de l'organisation peuvent modifier ces paramètres.").waitFor();
      const shown = reader.page.getByRole('form', { name: "Paramètres de l'organisation" });
      expect(await shown.getByLabel('Nom').isDisabled()).toBe(true);
      expect(await shown.getByLabel('Début du contrat').isDisabled()).toBe(true);
      expect(await shown.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
      await reader.context.close();
    } finally {
      await context.close();
      await api('PUT', '/v4/console/api/organisation/demo', { name: before.name, contractStartDate: before.contractStartDate, yearlyQuota: before.yearlyQuota, selfServiceMonthlyQuota: before.selfServiceMonthlyQuota });
    }
  }, 90_000);
});
