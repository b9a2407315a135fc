/**
 * An admin connects a Microsoft 365 mailbox (§2.4, §4): creates the connector through the
 * wizard with the Entra ID app's ids and secret, authorizes it (a client-credentials grant at the
 * local Microsoft identity + Graph server of the global setup, no consent page), tests the connection,
 * runs it manually over the last day, sees the analysis appear in the environment, and finds the
 * category written back as an Outlook category and the reply saved as a draft.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { M365_TEST_APP } from '../../server/test-support/m365-server';
import { analysesPages } from './support/analyses-pages';
import { apiAs, deleteConnectorsNamed } from './support/api';
import { integrationsPage as ui } from './support/integrations-pages';
import { signedInSession } from './support/session';

const PROJECT = 'demo-nlu';
// The staging environment: this scenario's analyses stay out of the production lists other files read.
const ENV = 'demo-nlu-recette';
const NAME = 'Boîte Outlook e2e';
const SUBJECT = 'Résiliation contrat habitation Outlook e2e';
let page: Page;
const m365Url = inject('m365Url');

interface M365State {
  messages: { id: string; categories: string[] }[];
  drafts: { replyTo: string; subject: string; body: string }[];
}
const m365State = async () => (await (await fetch(`${m365Url}/__control/state`)).json()) as M365State;

const session = signedInSession('admin');
beforeAll(() => {
  ({ page } = session);
});
afterAll(async () => {
  // Leave the shared demo as it was: the connector goes (its analyses stay in the staging environment).
  await deleteConnectorsNamed(await apiAs('admin'), ENV, NAME);
});

describe('Microsoft 365 integration', () => {
  it('creates a Microsoft 365 connector, authorizes it, runs it over the last day and writes the categories back', async () => {
    const delivered = await fetch(`${m365Url}/__control/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        raw: ['From: Claire <claire@client.example>', `To: ${M365_TEST_APP.user}`, `Subject: ${SUBJECT}`, 'Message-ID: <e2e-m365-1@client.example>', 'Content-Type: text/plain; charset=utf-8', '', 'Bonjour, je veux résilier mon contrat habitation numéro AB-77812.', ''].join('\r\n'),
        receivedAt: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    });
    const { id } = (await delivered.json()) as { id: string };

    await ui.open(page, PROJECT, ENV);
    await ui.newButton(page).click();
    await ui.typeSelect(page).selectOption('m365');
    await ui.nextButton(page).click();
    await page.locator('#connector-name').fill(NAME);
    await page.locator('#connector-clientId').fill(M365_TEST_APP.clientId);
    await page.locator('#connector-tenantId').fill(M365_TEST_APP.tenantId);
    await page.locator('#connector-clientSecret').fill(M365_TEST_APP.clientSecret);
    await page.locator('#connector-user').fill(M365_TEST_APP.user);
    await ui.createButton(page).click();
    // No consent page: the grant is asked at once and the wizard moves on to the connection test.
    await ui.authorizeButton(page).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Tester la connexion' }).click();
    await page.getByRole('dialog').getByText('Connexion réussie.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer' }).click();
    await ui.row(page, NAME).getByText('Autorisé').waitFor();
    await ui.row(page, NAME).getByText('Serveur de messagerie (Microsoft 365)').waitFor();

    await ui.runOnce(page, NAME);
    await ui.row(page, NAME).getByText('analyses créées : 1').waitFor();

    await analysesPages.openList(page, PROJECT, ENV);
    await analysesPages.row(page, `${SUBJECT}.eml`).locator('[data-status="processed"]').waitFor({ timeout: 60_000 });

    // The category goes back to the mailbox as an Outlook category once the analysis is finished.
    const deadline = Date.now() + 30_000;
    let state = await m365State();
    while (Date.now() < deadline) {
      state = await m365State();
      if (state.messages.find((message) => message.id === id)?.categories.includes('Résiliation') && state.drafts.some((draft) => draft.replyTo === id)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(state.messages.find((message) => message.id === id)?.categories).toContain('Résiliation');
    expect(state.drafts.find((draft) => draft.replyTo === id)).toMatchObject({ subject: `RE: ${SUBJECT}` });
  }, 120_000);
});
