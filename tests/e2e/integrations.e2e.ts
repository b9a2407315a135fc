/**
 * An admin connects a Gmail mailbox (§2.4, §4): creates the connector through the wizard,
 * authorizes it at "Google" (the local OAuth + Gmail server of the global setup) and comes back
 * through the integrations/gmail/callback page, runs it manually over the last day,
 * sees the analysis appear in the environment, finds the category written back as a Gmail label, and enables it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { analysesPages } from './support/analyses-pages';
import { apiAs, deleteConnectorsNamed } from './support/api';
import { integrationsPage as ui } from './support/integrations-pages';
import { signedInSession } from './support/session';
import { docsPicture } from './support/docs-pictures';

const PROJECT = 'demo-nlu';
// The staging environment: this scenario's analyses stay out of the production lists other files read.
const ENV = 'demo-nlu-recette';
const NAME = 'Boîte support e2e';
const SUBJECT = 'Résiliation contrat habitation e2e';
let page: Page;
const gmailUrl = inject('gmailUrl');

interface GmailState {
  messages: { id: string; labels: string[] }[];
  drafts: { threadId: string; raw: string }[];
}
const gmailState = async () => (await (await fetch(`${gmailUrl}/__control/state`)).json()) as GmailState;

const session = signedInSession('admin');
beforeAll(async () => {
  ({ page } = session);
  // One mailbox serves every file (global-setup): start from an empty one, so the run finds only this file's mail.
  await fetch(`${gmailUrl}/__control/reset`, { method: 'POST' });
});
afterAll(async () => {
  // Leave the shared demo as it was: the connector goes (its analyses stay in the staging environment).
  await deleteConnectorsNamed(await apiAs('admin'), ENV, NAME);
});

describe('integrations', () => {
  it('creates a Gmail connector, authorizes it, runs it over the last day and writes the labels back', async () => {
    const delivered = await fetch(`${gmailUrl}/__control/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        raw: ['From: Claire <claire@client.example>', 'To: support@assureur.example', `Subject: ${SUBJECT}`, 'Message-ID: <e2e-1@client.example>', 'Content-Type: text/plain; charset=utf-8', '', 'Bonjour, je veux résilier mon contrat habitation numéro AB-77812.', ''].join('\r\n'),
        receivedAt: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    });
    const { id } = (await delivered.json()) as { id: string };

    await ui.open(page, PROJECT, ENV);
    await ui.newButton(page).click();
    await ui.typeSelect(page).selectOption('gmail');
    await ui.nextButton(page).click();
    await page.locator('#connector-name').fill(NAME);
    await page.locator('#connector-user').fill('support@assureur.example');
    await ui.createButton(page).click();
    // Authorization: Google's consent page, then back through the console's callback to the tab.
    await ui.authorizeButton(page).click();
    await page.waitForURL((url) => url.pathname.endsWith('/env-management/integrations'), { timeout: 20_000 });
    await ui.row(page, NAME).getByText('Autorisé').waitFor();

    await ui.runOnce(page, NAME);
    await ui.row(page, NAME).getByText('analyses créées : 1').waitFor();
    await docsPicture(page, 'integrations');

    await analysesPages.openList(page, PROJECT, ENV);
    await analysesPages.row(page, `${SUBJECT}.eml`).locator('[data-status="processed"]').waitFor({ timeout: 60_000 });

    // The category goes back to the mailbox as a label once the analysis is finished.
    const deadline = Date.now() + 30_000;
    let labels: string[] = [];
    while (Date.now() < deadline) {
      labels = (await gmailState()).messages.find((message) => message.id === id)?.labels ?? [];
      if (labels.includes('Résiliation')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(labels).toContain('Résiliation');

    // Authorized, it can now be enabled for the scheduled runs (§4).
    await ui.open(page, PROJECT, ENV);
    // The switch shows the server's answer: it turns on once the change is saved.
    await ui.activeSwitch(page, NAME).click({ force: true });
    await expect.poll(() => ui.activeSwitch(page, NAME).isChecked(), { timeout: 10_000 }).toBe(true);
  }, 120_000);
});
