/**
 * Single sign-on end to end against a real OpenID provider (oidc-provider on a loopback port): the
 * server builds the authorization URL with openid-client, the test plays the browser at the provider
 * (its login and consent pages), and the callback's answer goes back to our endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationIdentityProviders, users } from '../db/schema';
import { authorizeAtProvider, startOidcProvider, type TestOidcProvider } from '../test-support/oidc-provider';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

/** Console pages the provider sends the browser back to; the test never requests them. */
const CONSOLE = 'http://127.0.0.1:4999';
const OIDC_CALLBACK = `${CONSOLE}/oidc/callback`;
const GOOGLE_CALLBACK = `${CONSOLE}/oauth/google`;

let idp: TestOidcProvider;
let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  idp = await startOidcProvider({
    clients: [
      { client_id: 'postroom-demo', client_secret: 'demo-organisation-secret', redirect_uris: [OIDC_CALLBACK] },
      { client_id: 'postroom-google', client_secret: 'google-secret', redirect_uris: [GOOGLE_CALLBACK] },
    ],
    accounts: {
      camille: { email: 'Configurator@demo.postroom.test', email_verified: true },
      gabrielle: { email: 'guest@demo.postroom.test', email_verified: true },
      stranger: { email: 'nora@elsewhere.test', email_verified: true, given_name: 'Nora', family_name: 'Nobody' },
      unverified: { email: 'viewer@demo.postroom.test', email_verified: false },
      squatted: { email: 'Squat@elsewhere.test', email_verified: true },
    },
  });
  server = await createTestServer({
    sso: {
      google: { issuer: idp.issuer, clientId: 'postroom-google', clientSecret: 'google-secret' },
      signupOrganisationId: 'demo',
      allowLoopbackHttp: true,
    },
  });
  adminToken = await signIn(server.app, 'admin');
  const put = await setProvider({
    issuer: idp.issuer,
    clientId: 'postroom-demo',
    clientSecret: 'demo-organisation-secret',
    emailDomain: 'demo.postroom.test',
  });
  expect(put.statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await server.close();
  await idp.close();
});

function setProvider(body: object) {
  return server.app.inject({
    method: 'PUT',
    url: '/v4/console/api/organisations/demo/identity-provider',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: body,
  });
}

async function authUrl(username: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/oidc/authUrl',
    payload: { username, redirectUri: OIDC_CALLBACK },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ enabled: boolean; url?: string; transaction?: string }>();
}

function oidcLogin(callback: URL, transaction: string) {
  return server.app.inject({
    method: 'POST',
    url: '/oidc/login',
    payload: { callback: Object.fromEntries(callback.searchParams), transaction },
  });
}

async function usernameOf(token: string): Promise<string> {
  const me = await server.app.inject({
    method: 'GET',
    url: '/v4/console/api/user',
    headers: { authorization: `Bearer ${token}` },
  });
  return me.json<{ username: string }>().username;
}

/** Starts an organisation sign-in for `username` and signs in at the provider as `login`. */
async function organisationSignIn(username: string, login: string) {
  const started = await authUrl(username);
  if (!started.enabled || started.url === undefined || started.transaction === undefined) {
    throw new Error(`${username} has no identity provider`);
  }
  const callback = await authorizeAtProvider(started.url, login, OIDC_CALLBACK);
  return { callback, transaction: started.transaction };
}

describe("an organisation's identity provider (OIDC)", () => {
  it('applies to the members whose email is at its domain, not to guests nor unknown names', async () => {
    const started = await authUrl('Configurator');
    expect(started.enabled).toBe(true);
    const url = new URL(started.url ?? '');
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(OIDC_CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(await authUrl('guest')).toEqual({ enabled: false });
    expect(await authUrl('nobody-at-all')).toEqual({ enabled: false });
  });

  it('signs the member in after the provider’s login and consent, with Postroom session tokens', async () => {
    const { callback, transaction } = await organisationSignIn('configurator', 'camille');
    expect(callback.searchParams.get('code')).toBeTruthy();
    const response = await oidcLogin(callback, transaction);
    expect(response.statusCode).toBe(200);
    const { token, refresh_token } = response.json<{ token: string; refresh_token: string }>();
    expect(refresh_token).toMatch(/^ey/);
    expect(await usernameOf(token)).toBe('configurator');
  });

  it('refuses a code already used', async () => {
    const { callback, transaction } = await organisationSignIn('configurator', 'camille');
    expect((await oidcLogin(callback, transaction)).statusCode).toBe(200);
    const replay = await oidcLogin(callback, transaction);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'ssoRejected' });
  });

  it('refuses someone the provider knows but who is not a member of the organisation', async () => {
    for (const login of ['stranger', 'gabrielle']) {
      const { callback, transaction } = await organisationSignIn('configurator', login);
      const response = await oidcLogin(callback, transaction);
      expect([login, response.statusCode, response.json().code]).toEqual([login, 401, 'ssoNoAccount']);
    }
  });

  it('refuses a changed state, and an answer brought back with another sign-in’s transaction', async () => {
    const { callback, transaction } = await organisationSignIn('configurator', 'camille');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    const badState = await oidcLogin(forged, transaction);
    expect([badState.statusCode, badState.json().code]).toEqual([400, 'ssoTransactionInvalid']);

    const other = await authUrl('configurator');
    const swapped = await oidcLogin(callback, other.transaction ?? '');
    expect([swapped.statusCode, swapped.json().code]).toEqual([400, 'ssoTransactionInvalid']);

    const garbage = await oidcLogin(callback, 'not-a-transaction');
    expect([garbage.statusCode, garbage.json().code]).toEqual([400, 'ssoTransactionInvalid']);
  });

  it('refuses the answer when the user cancels at the provider', async () => {
    const started = await authUrl('configurator');
    const cancelled = new URL(OIDC_CALLBACK);
    const state = new URL(started.url ?? '').searchParams.get('state') ?? '';
    cancelled.search = new URLSearchParams({ error: 'access_denied', state, iss: idp.issuer }).toString();
    const response = await oidcLogin(cancelled, started.transaction ?? '');
    expect([response.statusCode, response.json().code]).toEqual([401, 'ssoRejected']);
  });

  it('is set by organisation admins only when the issuer answers, and never shows its secret', async () => {
    const unreachable = await setProvider({
      issuer: 'http://127.0.0.1:9/',
      clientId: 'x',
      clientSecret: 'y',
      emailDomain: null,
    });
    expect([unreachable.statusCode, unreachable.json().code]).toEqual([502, 'ssoProviderUnavailable']);
    // An issuer that can never work is said as such, not as a provider that does not answer.
    const plainHttp = await setProvider({ issuer: 'http://idp.example.com', clientId: 'x', clientSecret: 'y', emailDomain: null });
    expect([plainHttp.statusCode, plainHttp.json().code]).toEqual([400, 'ssoIssuerNotHttps']);

    const shown = await server.app.inject({
      method: 'GET',
      url: '/v4/console/api/organisations/demo/identity-provider',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(shown.json()).toEqual({ issuer: idp.issuer, clientId: 'postroom-demo', emailDomain: 'demo.postroom.test' });

    // Nor does the database: the secret is stored sealed (and the sign-in tests above prove it opens).
    const [row] = await server.handle.db.select().from(organisationIdentityProviders);
    expect(row?.clientSecret).toBeTruthy();
    expect(row?.clientSecret).not.toContain('demo-organisation-secret');
  });

  it('keeps the stored secret when a save leaves it out, and asks for one for a new provider', async () => {
    const [before] = await server.handle.db.select().from(organisationIdentityProviders);
    const kept = await setProvider({ issuer: idp.issuer, clientId: 'postroom-demo', emailDomain: 'demo.postroom.test' });
    expect(kept.statusCode).toBe(200);
    const [after] = await server.handle.db.select().from(organisationIdentityProviders);
    expect(after?.clientSecret).toBe(before?.clientSecret);
    // The kept secret still opens the sign-in at the provider.
    expect((await authUrl('configurator')).url).toContain(new URL(idp.issuer).origin);

    const removed = await server.app.inject({
      method: 'DELETE',
      url: '/v4/console/api/organisations/demo/identity-provider',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(removed.statusCode).toBe(204);
    // None set: an ordinary answer (null), not an error the browser would log on every settings visit.
    const none = await server.app.inject({ method: 'GET', url: '/v4/console/api/organisations/demo/identity-provider', headers: { authorization: `Bearer ${adminToken}` } });
    expect([none.statusCode, none.json()]).toEqual([200, null]);
    const first = await setProvider({ issuer: idp.issuer, clientId: 'postroom-demo', emailDomain: null });
    expect([first.statusCode, first.json().code]).toEqual([400, 'ssoSecretRequired']);
    // As it was, for the tests below.
    const restored = await setProvider({ issuer: idp.issuer, clientId: 'postroom-demo', clientSecret: 'demo-organisation-secret', emailDomain: 'demo.postroom.test' });
    expect(restored.statusCode).toBe(200);
  });
});

describe('social sign-in (Google, played by the local provider)', () => {
  async function socialCallback(login: string) {
    const started = await server.app.inject({
      method: 'GET',
      url: `/oauth/login_url/google?redirect_url=${encodeURIComponent(GOOGLE_CALLBACK)}`,
    });
    expect(started.statusCode).toBe(200);
    const { url, transaction } = started.json<{ url: string; transaction: string }>();
    const callback = await authorizeAtProvider(url, login, GOOGLE_CALLBACK);
    const query = new URLSearchParams(callback.searchParams);
    query.set('redirect_url', GOOGLE_CALLBACK);
    query.set('transaction', transaction);
    return query;
  }

  it('lists Google with sign-up open', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/oauth/providers' });
    expect(response.json()).toEqual({ providers: [{ id: 'google', signup: true }] });
  });

  it('signs in the account with the vouched email', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/oauth/login/google?${await socialCallback('camille')}` });
    expect(response.statusCode).toBe(200);
    expect(await usernameOf(response.json<{ token: string }>().token)).toBe('configurator');
  });

  it('refuses an unverified email', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/oauth/login/google?${await socialCallback('unverified')}` });
    expect([response.statusCode, response.json().code]).toEqual([401, 'ssoEmailUnverified']);
  });

  it('says there is no account, then signs up a self-service user once', async () => {
    const login = await server.app.inject({ method: 'GET', url: `/oauth/login/google?${await socialCallback('stranger')}` });
    expect(login.json()).toMatchObject({ code: 'ssoNoAccount', signup: true });

    const signup = await server.app.inject({ method: 'GET', url: `/oauth/signup/google?${await socialCallback('stranger')}` });
    expect(signup.statusCode).toBe(200);
    const me = await server.app.inject({
      method: 'GET',
      url: '/v4/console/api/user',
      headers: { authorization: `Bearer ${signup.json<{ token: string }>().token}` },
    });
    expect(me.json()).toMatchObject({
      username: 'nora@elsewhere.test',
      firstname: 'Nora',
      lastname: 'Nobody',
      isLight: true,
      role: 'ROLE_PROJECT_SELF_SERVICE',
      organisations: [{ id: 'demo' }],
    });
    // A light user: the self-service area is theirs, the full console's endpoints are not.
    const asNewUser = (url: string) =>
      server.app.inject({ method: 'GET', url: `/v4/console/api${url}`, headers: { authorization: `Bearer ${signup.json<{ token: string }>().token}` } });
    expect((await asNewUser('/self')).statusCode).toBe(200);
    for (const url of ['/organisation/demo/members', '/organisation/demo/projects', '/organisation/demo/consumption']) {
      const refused = await asNewUser(url);
      expect([refused.statusCode, refused.json().code], url).toEqual([403, 'lightUserRefused']);
    }

    const again = await server.app.inject({ method: 'GET', url: `/oauth/signup/google?${await socialCallback('stranger')}` });
    expect([again.statusCode, again.json().code]).toEqual([409, 'ssoAccountExists']);
  });

  it('refuses a sign-up whose email is another account’s username', async () => {
    await server.handle.db.insert(users).values({
      id: 'squatter',
      username: 'squat@elsewhere.test',
      email: 'squatter@elsewhere.test',
      firstname: 'S',
      lastname: 'Q',
    });
    const signup = await server.app.inject({ method: 'GET', url: `/oauth/signup/google?${await socialCallback('squatted')}` });
    expect([signup.statusCode, signup.json().code]).toEqual([409, 'usernameEmailClash']);
  });

  it('refuses an answer brought back to another redirect URL', async () => {
    const query = await socialCallback('camille');
    query.set('redirect_url', `${CONSOLE}/elsewhere`);
    const response = await server.app.inject({ method: 'GET', url: `/oauth/login/google?${query}` });
    expect([response.statusCode, response.json().code]).toEqual([400, 'ssoTransactionInvalid']);
  });
});
