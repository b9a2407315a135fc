/**
 * The `light` demo user connects a Gmail mailbox to a use case (spec §4 self-service webmail):
 * on the use case's settings page, gives the address, Google's page (the local OAuth + Gmail server of
 * the global setup, whose client is the platform's: POSTROOM_GMAIL_CLIENT_ID/SECRET) opens in a window
 * and comes back through integrations/gmail/callback, which closes it; the page says the mailbox is
 * connected. Activated, the mailbox is read, the mail analysed and its category written back as a Gmail
 * label. Authorizing again with the window blocked shows the link instead. Paused, then disconnected
 * (confirmed). The use case is created through the API and deleted at the end.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openPage } from './support/browser';
import { selfServiceSession } from './support/self-service';

const MAILBOX = 'lea.e2e@gmail.example';
const SUBJECT = 'Demande de rendez-vous e2e webmail';
const gmailUrl = inject('gmailUrl');
// Deletes the use case after the file, its mailbox disconnected first.
const self = selfServiceSession();
let context: BrowserContext;
let page: Page;
let useCaseId: string;

interface GmailState {
  messages: { id: string; labels: string[] }[];
}
const gmailState = async () => (await (await fetch(`${gmailUrl}/__control/state`)).json()) as GmailState;

const panel = () => page.getByTestId('self-webmail');
const panelState = () => panel().getAttribute('data-webmail-state');

beforeAll(async () => {
  useCaseId = await self.createUseCase('Webmail e2e');
  ({ context, page } = await self.signedIn());
});

afterAll(async () => {
  // The local Google server has one mailbox for every file: leave it empty for the next one.
  await fetch(`${gmailUrl}/__control/reset`, { method: 'POST' });
});

describe('self-service webmail', () => {
  it('connects a Gmail mailbox in a window, activates it and finds the category as a label in the mailbox', async () => {
    await openPage(page, `/self/${useCaseId}/settings`);
    await panel().getByText('Non connectée', { exact: true }).waitFor();

    // Connect: Google's page opens in its own window, consents, and the callback closes it.
    await page.getByLabel('Votre adresse Gmail').fill(MAILBOX);
    const opened = context.waitForEvent('page');
    await panel().getByRole('button', { name: 'Connecter ma boîte mail' }).click();
    const google = await opened;
    await expect.poll(() => google.isClosed(), { timeout: 30_000 }).toBe(true);
    await panel().getByText(`Boîte connectée : ${MAILBOX}`).waitFor({ timeout: 20_000 });
    expect(await panelState()).toBe('inactive');
    await panel().getByText('En pause', { exact: true }).waitFor();

    // A mail arrives, then the reading is activated: the first reading starts at once.
    const delivered = await fetch(`${gmailUrl}/__control/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        raw: ['From: Paul <paul@client.example>', `To: ${MAILBOX}`, `Subject: ${SUBJECT}`, 'Message-ID: <e2e-self-webmail@client.example>', 'Content-Type: text/plain; charset=utf-8', '', 'Bonjour, je voudrais prendre un rendez-vous avec un conseiller la semaine prochaine.', ''].join('\r\n'),
        receivedAt: new Date().toISOString(),
      }),
    });
    const { id } = (await delivered.json()) as { id: string };
    await panel().getByRole('button', { name: 'Activer' }).click();
    await panel().getByText('Active', { exact: true }).waitFor();

    // The category goes back to the mailbox as a label once the analysis is finished.
    await expect
      .poll(async () => (await gmailState()).messages.find((message) => message.id === id)?.labels ?? [], { timeout: 90_000, interval: 500 })
      .toContain('prise_de_rendez_vous');
    await page.reload();
    await panel().getByText('Mails analysés : 1 ; étiquetés dans votre boîte : 1.').waitFor({ timeout: 20_000 });
    await panel().getByText(/Dernière lecture :/).waitFor();
  }, 180_000);

  it('shows a link to Google when the browser blocks the window, and authorizes again through it', async () => {
    // A browser that blocks pop-up windows: window.open answers null.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await panel().getByRole('button', { name: 'Autoriser de nouveau' }).click();
    await panel().getByText("Votre navigateur n'a pas ouvert la page de Google.").waitFor();
    const link = panel().getByRole('link', { name: 'Ouvrir la page de Google' });
    expect(await link.getAttribute('href')).toContain(`${gmailUrl}/o/oauth2/v2/auth?`);
    const opened = context.waitForEvent('page');
    await link.click();
    const tab = await opened;
    // The tab either closes itself or goes back to the use case; either way this page hears of it.
    await expect.poll(() => tab.isClosed() || new URL(tab.url()).pathname === `/self/${useCaseId}/settings`, { timeout: 30_000 }).toBe(true);
    await panel().getByText("Votre navigateur n'a pas ouvert la page de Google.").waitFor({ state: 'detached', timeout: 20_000 });
    expect(await panelState()).toBe('active');
    if (!tab.isClosed()) await tab.close();
  }, 60_000);

  it('pauses, then disconnects the mailbox after confirmation', async () => {
    await panel().getByRole('button', { name: 'Mettre en pause' }).click();
    await panel().getByText('En pause', { exact: true }).waitFor();
    await panel().getByRole('button', { name: 'Déconnecter' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer' }).click();
    await panel().getByText('Non connectée', { exact: true }).waitFor();
    await page.getByLabel('Votre adresse Gmail').waitFor();
    expect(await self.light<{ state: string }>('GET', `/v4/console/api/self/use-cases/${useCaseId}/webmail`)).toMatchObject({ state: 'notConfigured' });
  }, 60_000);
});
