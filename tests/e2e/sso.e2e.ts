/**
 * Single sign-on as a user meets it: the demo organisation gets a real OpenID provider (oidc-provider,
 * started here on a loopback port) for the length of this file, for the emails of a domain only this
 * file's own member has — the other scenario files, running beside this one, keep signing the demo
 * users in with their passwords. Signing in as that member goes through the provider's login and
 * consent pages and ends on the console's landing page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startOidcProvider, type TestOidcProvider } from '../../server/test-support/oidc-provider';
import { apiAs, type Api } from './support/api';
import { baseUrl, launchBrowser, newPage, openPage } from './support/browser';
import { createFreshUser, removeFreshUser, type FreshUser } from './support/fresh-users';
import { layout, loginPage } from './support/pages';
import { signInByApi } from './support/session';

let browser: Browser;
let idp: TestOidcProvider;
let admin: Api;
let member: FreshUser;
const PROVIDER = '/v4/console/api/organisations/demo/identity-provider';
const EMAIL_DOMAIN = `sso-${Date.now()}.example.test`;

beforeAll(async () => {
  admin = await apiAs('admin');
  member = await createFreshUser(admin, { firstname: 'Alice', lastname: 'Unique', emailDomain: EMAIL_DOMAIN });
  idp = await startOidcProvider({
    clients: [{ client_id: 'postroom-e2e', client_secret: 'e2e-secret', redirect_uris: [`${baseUrl()}/oidc/callback`] }],
    accounts: { alice: { email: `${member.username}@${EMAIL_DOMAIN}`, email_verified: true } },
  });
  await admin('PUT', PROVIDER, { issuer: idp.issuer, clientId: 'postroom-e2e', clientSecret: 'e2e-secret', emailDomain: EMAIL_DOMAIN });
  browser = await launchBrowser();
});

afterAll(async () => {
  if (admin) {
    await admin('DELETE', PROVIDER).catch(() => undefined);
    if (member) await removeFreshUser(admin, member);
  }
  await browser?.close();
  await idp?.close();
});

describe('single sign-on', () => {
  it("signs a member in through the organisation's identity provider", async () => {
    const { context, page } = await newPage(browser);
    await loginPage.open(page);
    await page.locator('#login-username').fill(member.username);
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

  it('says under the issuer why an address that can never work is refused, and keeps the provider', async () => {
    const { context, page } = await newPage(browser);
    await signInByApi(page, 'admin');
    await openPage(page, '/orga/demo/settings');
    const issuer = page.getByLabel('Émetteur (issuer)');
    await expect.poll(() => issuer.inputValue()).toBe(idp.issuer);
    await issuer.fill('http://idp.example.com');
    await page.getByRole('button', { name: 'Enregistrer et tester la connexion' }).click();
    // What is wrong, not "does not answer, try again later".
    await page.locator('.bp6-form-group:has(#sso-issuer) .bp6-form-helper-text').getByText("L'émetteur doit être une adresse https://").waitFor();
    expect(await admin('GET', PROVIDER)).toMatchObject({ issuer: idp.issuer });
    await context.close();
  });
});
