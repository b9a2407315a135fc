/**
 * An admin connects a mail server that signs in with OAuth 2.0 (beyond the spec: IMAP): the
 * wizard with the provider's addresses and the client, the provider's consent page and back through
 * the console's callback route, then the connection test — the server signs in to a real Dovecot
 * with the access token (XOAUTH2/OAUTHBEARER, judged by Dovecot's oauth2 passdb). Dovecot and the
 * OAuth 2.0 server are started by this file on loopback ports.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dovecotBinary, startDovecot, type DovecotServer } from '../../server/test-support/dovecot';
import { MAIL_OAUTH_TEST_CLIENT, startMailOAuthServer, type MailOAuthTestServer } from '../../server/test-support/mail-oauth-server';
import { apiAs, deleteConnectorsNamed } from './support/api';
import { integrationsPage as ui } from './support/integrations-pages';
import { signedInSession } from './support/session';

const PROJECT = 'demo-nlu';
const ENV = 'demo-nlu-recette';
const NAME = 'Boîte IMAP OAuth e2e';
const USER = 'mailbox@example.com';
const binary = dovecotBinary();

describe.skipIf(binary === null)('IMAP integration with OAuth 2.0', () => {
  let page: Page;
  let oauth: MailOAuthTestServer;
  let dovecot: DovecotServer;
  const session = signedInSession('admin');

  beforeAll(async () => {
    ({ page } = session);
    oauth = await startMailOAuthServer(USER);
    dovecot = await startDovecot(binary!, { user: USER, password: 'imap-e2e-password' }, { oauth2IntrospectionUrl: oauth.introspectionUrl });
  });
  afterAll(async () => {
    // Leave the shared demo as it was: the connector goes.
    await deleteConnectorsNamed(await apiAs('admin'), ENV, NAME);
    await dovecot?.stop();
    await oauth?.close();
  });

  it('creates an IMAP connector signing in with OAuth 2.0, authorizes it on the consent page and tests the connection', async () => {
    await ui.open(page, PROJECT, ENV);
    await ui.newButton(page).click();
    await ui.typeSelect(page).selectOption('imap');
    await ui.nextButton(page).click();
    await page.locator('#connector-name').fill(NAME);
    await page.locator('#connector-host').fill(dovecot.host);
    await page.locator('#connector-port').fill(String(dovecot.port));
    // Dovecot listens without TLS on its loopback port.
    await page.locator('#connector-tls').uncheck({ force: true });
    await page.locator('#connector-user').fill(USER);
    await page.locator('#connector-auth').selectOption('oauth2');
    await page.locator('#connector-oauthProvider').selectOption('custom');
    await page.locator('#connector-oauthClientId').fill(MAIL_OAUTH_TEST_CLIENT.clientId);
    await page.locator('#connector-clientSecret').fill(MAIL_OAUTH_TEST_CLIENT.clientSecret);
    await page.locator('#connector-oauthAuthorizationUrl').fill(`${oauth.url}/authorize`);
    await page.locator('#connector-oauthTokenUrl').fill(`${oauth.url}/token`);
    await page.locator('#connector-oauthScopes').fill('mail offline');
    await ui.createButton(page).click();

    // The provider's consent page, then back through the console's callback to the integrations tab.
    await ui.authorizeButton(page).click();
    await page.waitForURL((url) => url.pathname.endsWith('/env-management/integrations'), { timeout: 20_000 });
    await ui.row(page, NAME).getByText('Autorisé').waitFor();
    await ui.row(page, NAME).getByText('Serveur de messagerie (IMAP)').waitFor();

    // The server signs in to Dovecot with the access token.
    await ui.row(page, NAME).getByRole('button', { name: 'Tester la connexion' }).click();
    await page.getByText('Connexion réussie.').first().waitFor({ timeout: 20_000 });
  }, 120_000);
});
