/**
 * Single sign-on as a user meets it: the demo organisation gets a real OpenID provider (oidc-provider,
 * started here on a loopback port) for the length of this file; signing in as one of its members goes
 * through the provider's login and consent pages and ends on the console's landing page.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startOidcProvider, type TestOidcProvider } from '../../server/test-support/oidc-provider';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { DEMO_PASSWORD, layout, loginPage } from './support/pages';

let browser: Browser;
let idp: TestOidcProvider;
let adminToken: string;
const providerUrl = () => `${baseUrl()}/v4/console/api/organisations/demo/identity-provider`;

beforeAll(async () => {
  idp = await startOidcProvider({
    clients: [{ client_id: 'postroom-e2e', client_secret: 'e2e-secret', redirect_uris: [`${baseUrl()}/oidc/callback`] }],
    accounts: { alice: { email: 'admin@demo.postroom.test', email_verified: true } },
  });
  const login = await fetch(`${baseUrl()}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  adminToken = ((await login.json()) as { token: string }).token;
  const put = await fetch(providerUrl(), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ issuer: idp.issuer, clientId: 'postroom-e2e', clientSecret: 'e2e-secret', emailDomain: null }),
  });
  if (!put.ok) throw new Error(`Setting the identity provider failed: ${put.status} ${await put.text()}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  // Other files sign the demo users in with passwords: take the provider away again.
  if (adminToken) await fetch(providerUrl(), { method: 'DELETE', headers: { authorization: `Bearer ${adminToken}` } });
  await browser?.close();
  await idp?.close();
});

describe('single sign-on', () => {
  it("signs a member in through the organisation's identity provider", async () => {
    const { context, page } = await newPage(browser);
    await loginPage.open(page);
    await page.locator('#login-username').fill('admin');
    await page.locator('#login-username').press('Enter');
    await page.getByRole('button', { name: "Continuer vers le fournisseur d'identité" }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill('alice');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.locator('input[name="prompt"][value="consent"]').waitFor({ state: 'attached' });
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/orga\/demo$/);
    await layout.waitFor(page, 'organisation');
    await context.close();
  });
});
