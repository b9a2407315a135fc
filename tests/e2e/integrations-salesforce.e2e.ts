/**
 * An admin connects the CRM (§2.2 integrations/salesforce/callback, §4, §6, §8): creates a
 * Salesforce connector of the OAuth 2.0 web-server type through the wizard, authorizes it on the
 * org's consent page (the local Salesforce server, started by this file, approves at once and sends
 * the browser back to the console's callback route, which finishes with the PKCE verifier), maps the
 * message categories to the Case description, runs it over the last day and finds the Case created
 * for an analysis of the environment with the mapped fields; when the refresh token is revoked the
 * connection test turns it to "À réautoriser", and reauthorizing brings it back. A configurator does
 * not see the custom case filters (§6 admins only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SALESFORCE_TEST_APP, startSalesforceTestServer, type SalesforceTestServer } from '../../server/test-support/salesforce-server';
import { apiAs, deleteConnectorsNamed } from './support/api';
import { newPage } from './support/browser';
import { integrationsPage as ui } from './support/integrations-pages';
import { signInByApi, signedInSession } from './support/session';
const PROJECT = 'demo-nlu';
// The staging environment: this scenario's analysis stays out of the production lists other files read.
const ENV = 'demo-nlu-recette';
const NAME = 'CRM Salesforce e2e';
const MAIL = `Résiliation Salesforce e2e ${Date.now()}`;
let page: Page;
let salesforce: SalesforceTestServer;

/** The wizard up to the settings step of a Salesforce connector. */
async function salesforceSettings(on: Page) {
  await ui.open(on, PROJECT, ENV);
  await ui.newButton(on).click();
  await ui.typeSelect(on).selectOption('salesforce');
  await ui.nextButton(on).click();
  await on.locator('#connector-name').waitFor();
}

const session = signedInSession('admin');
beforeAll(async () => {
  ({ page } = session);
  salesforce = await startSalesforceTestServer();
  const api = await apiAs('admin');
  await api('POST', `/v4/console/api/environment/${ENV}/analyses/simulated-mail`, {
    name: MAIL,
    sender: 'claire@client.example',
    recipient: 'support@assureur.example',
    subject: MAIL,
    body: 'Bonjour, je veux résilier mon contrat habitation numéro AB-77812.',
    attachments: [],
  });
});
afterAll(async () => {
  // Leave the shared demo as it was, whatever happened: the connector goes.
  await deleteConnectorsNamed(await apiAs('admin'), ENV, NAME);
  await salesforce?.close();
});

describe('Salesforce integration', () => {
  it('is authorized through the org’s consent page and the callback route, then writes a Case with the mapped fields', async () => {
    await salesforceSettings(page);
    await page.locator('#connector-name').fill(NAME);
    await page.locator('#connector-clientId').fill(SALESFORCE_TEST_APP.clientId);
    await page.locator('#connector-domain').fill(salesforce.url);
    await page.locator('#connector-user').fill(SALESFORCE_TEST_APP.user);
    await page.locator('#connector-type').selectOption('webServer');
    // The web-server flow asks for the consumer secret, not a password or a key.
    await page.locator('#connector-clientSecret').fill(SALESFORCE_TEST_APP.clientSecret);
    expect(await page.locator('#connector-password').count()).toBe(0);
    expect(await page.locator('#connector-privateKeyMode').count()).toBe(0);
    // §6: an admin sees the custom case filters.
    await page.locator('#connector-caseFilters').waitFor();
    await ui.createButton(page).click();
    await ui.authorizeButton(page).click();

    // Salesforce approves and sends the browser back to integrations/salesforce/callback, which finishes and returns to the tab.
    await page.waitForURL((url) => url.pathname.endsWith('/env-management/integrations'), { timeout: 30_000 });
    await ui.row(page, NAME).getByText('Autorisé').waitFor();
    expect(salesforce.tokenRequests()).toEqual(['authorization_code']);

    // The message categories go to the Case description.
    await ui.row(page, NAME).getByRole('button', { name: 'Modifier' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('button', { name: 'Ajouter une correspondance' }).click();
    await editor.getByRole('combobox', { name: 'Champ du connecteur' }).last().selectOption('Description');
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await editor.waitFor({ state: 'detached' });

    await ui.runOnce(page, NAME);
    // The Case is written once the analysis is processed: named after it, the category in its description.
    await expect.poll(() => salesforce.cases().find((c) => c.fields.Subject === MAIL)?.fields.Description ?? '', { timeout: 60_000, interval: 250 }).toContain('Résiliation');

    // §8: the refresh token revoked, the connection test turns the connector to "reauthorize"; reauthorizing brings it back.
    salesforce.endSessions();
    salesforce.revokeRefreshTokens();
    await ui.row(page, NAME).getByRole('button', { name: 'Tester la connexion' }).click();
    await ui.row(page, NAME).getByText('À réautoriser').waitFor({ timeout: 10_000 });
    await ui.row(page, NAME).getByRole('button', { name: 'Réautoriser' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/env-management/integrations'), { timeout: 30_000 });
    await ui.row(page, NAME).getByText('Autorisé').waitFor();
  }, 120_000);

  it('hides the custom case filters from a configurator (§6)', async () => {
    const { context, page: configurator } = await newPage(session.browser);
    try {
      await signInByApi(configurator, 'configurator');
      await salesforceSettings(configurator);
      await configurator.locator('#connector-expectConsolidation').waitFor({ state: 'attached' });
      // The organisation's answer (is this user its admin?) has come back before judging.
      await configurator.waitForLoadState('networkidle');
      expect(await configurator.locator('#connector-caseFilters').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});
