/**
 * The Salesforce connector's OAuth 2.0 web-server flow (§4, §7.3, §8) against the local
 * Salesforce server: through the API, the consent page on the org's domain with PKCE and `state`,
 * the console's integrations/salesforce/callback finishing it, a Case written per analysis; then the
 * session renewed with the refresh token before it ends (or after a 401), and a refused renewal
 * turning the connector to "reauthorize"; expectConsolidation holding the Case back until the
 * consolidation module's result exists. A dedicated environment, so only this file's analyses count.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleResult } from '../../src/contract/analysis-results';
import type { Connector } from '../../src/contract/integrations';
import { salesforceSettingsSchema } from '../../src/contract/integrations-salesforce';
import { analyses } from '../db/schema';
import { connectorMessages } from '../db/schema-integrations';
import { connectorsPath, startConnectorHarness, type ConnectorHarness } from '../test-support/connector-harness';
import { SALESFORCE_TEST_APP, startSalesforceTestServer, type SalesforceTestServer } from '../test-support/salesforce-server';
import { salesforce as salesforceDriver } from './drivers/salesforce';
import { SALESFORCE_SESSION_S } from './drivers/salesforce-web-flow';
import type { DriverContext } from './drivers/types';

const CONSOLE = 'https://console.example.com';
let h: ConnectorHarness;
let salesforce: SalesforceTestServer;
let envId: string;
const base = () => connectorsPath(envId);
const call = (...args: Parameters<ConnectorHarness['call']>) => h.call(...args);
const settings = () => ({ type: 'salesforce', salesforce: { clientId: SALESFORCE_TEST_APP.clientId, domain: salesforce.url, user: SALESFORCE_TEST_APP.user, type: 'webServer' } });
const connectorNamed = (id: string) => h.connector(envId, id);

/** Starts the authorization and follows the consent page's redirect, as the browser would; answers the callback's query. */
async function consent(connector: Connector): Promise<{ authorizeUrl: URL; back: URL }> {
  const started = await call('POST', `${base()}/${connector.id}/authorize`);
  expect(started.statusCode, started.body).toBe(200);
  const { kind, url } = started.json<{ kind: string; url: string }>();
  expect(kind).toBe('redirect');
  const redirected = await fetch(url, { redirect: 'manual' });
  expect(redirected.status).toBe(302);
  return { authorizeUrl: new URL(url), back: new URL(redirected.headers.get('location')!) };
}

beforeAll(async () => {
  salesforce = await startSalesforceTestServer();
  // The calls come from the console's pages: the consent page sends the admin back to its origin.
  h = await startConnectorHarness({}, { origin: CONSOLE });
  envId = await h.scratchEnvironment(`Salesforce web ${Date.now()}`);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await salesforce?.close();
});

describe('the Salesforce web-server flow through the API', () => {
  let connector: Connector;

  it('sends the admin to the org’s consent page with PKCE and state, and the callback authorizes the connector', async () => {
    const created = await call('POST', base(), { name: 'CRM OAuth', settings: settings(), secrets: { clientSecret: SALESFORCE_TEST_APP.clientSecret } });
    expect(created.statusCode, created.body).toBe(201);
    connector = created.json<Connector>();
    expect(connector.state).toBe('needsAuthorization');

    const { authorizeUrl, back } = await consent(connector);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${salesforce.url}/services/oauth2/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: SALESFORCE_TEST_APP.clientId,
      scope: 'api refresh_token',
      code_challenge_method: 'S256',
    });
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const redirectUri = new URL(authorizeUrl.searchParams.get('redirect_uri')!);
    expect(redirectUri.pathname).toBe('/integrations/salesforce/callback');
    // Salesforce comes back to the console's callback route, which the page finishes with the code and state.
    expect(back.origin + back.pathname).toBe(redirectUri.toString());
    const state = back.searchParams.get('state')!;
    expect(state.startsWith(`${envId}.`)).toBe(true);
    const done = await call('POST', `${base()}/oauth-callback`, { state, code: back.searchParams.get('code') });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ connector: { state: 'authorized' }, projectId: 'demo-nlu' });
    expect(salesforce.tokenRequests()).toEqual(['authorization_code']);
    // The tokens stay on the server: the console sees only the secret it gave.
    expect((await connectorNamed(connector.id)).secretsSet).toEqual(['clientSecret']);

    // The state is single-use.
    const replay = await call('POST', `${base()}/oauth-callback`, { state, code: back.searchParams.get('code') });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'invalidOAuthState' });
  }, 60_000);

  it('writes a Case per finished analysis with the session from the code exchange', async () => {
    expect((await call('POST', `${base()}/${connector.id}/health`)).json()).toEqual({ ok: true, code: null, detail: null });
    await h.analyseMail(envId, 'Demande de rappel OAuth');
    expect(await h.runAndWriteBack(envId, connector.id)).toMatchObject({ status: 'done', found: 1, created: 1 });
    expect(salesforce.cases().map((c) => c.fields.Subject)).toEqual(['Demande de rappel OAuth']);
    // No renewal was needed: the session from the exchange was used.
    expect(salesforce.tokenRequests()).toEqual(['authorization_code']);
  }, 60_000);

  it('renews the ended session with the refresh token, then turns to "reauthorize" once the renewal is refused (§8)', async () => {
    salesforce.endSessions();
    expect((await call('POST', `${base()}/${connector.id}/health`)).json()).toMatchObject({ ok: true });
    expect(salesforce.tokenRequests().at(-1)).toBe('refresh_token');

    salesforce.endSessions();
    salesforce.revokeRefreshTokens();
    expect((await call('POST', `${base()}/${connector.id}/health`)).json()).toEqual({ ok: false, code: 'reauthorize', detail: 'invalid_grant' });
    expect(await connectorNamed(connector.id)).toMatchObject({ state: 'reauthorize', lastError: { code: 'reauthorize', detail: null } });

    // Authorizing again through the consent page brings it back.
    const { back } = await consent(connector);
    const done = await call('POST', `${base()}/oauth-callback`, { state: back.searchParams.get('state'), code: back.searchParams.get('code') });
    expect(done.json()).toMatchObject({ connector: { state: 'authorized' } });
  }, 60_000);

  it('with expectConsolidation, writes the Case only once the consolidation module has given its result', async () => {
    const created = await call('POST', base(), { name: 'CRM consolidé', settings: { type: 'salesforce', salesforce: { ...settings().salesforce, expectConsolidation: true } }, secrets: { clientSecret: SALESFORCE_TEST_APP.clientSecret } });
    const waiting = created.json<Connector>();
    const { back } = await consent(waiting);
    expect((await call('POST', `${base()}/oauth-callback`, { state: back.searchParams.get('state'), code: back.searchParams.get('code') })).statusCode).toBe(200);
    const run = (forceDuplicates: boolean) => h.runAndWriteBack(envId, waiting.id, { forceDuplicates });
    const before = salesforce.cases().length;
    // The analysis has no consolidation result: no Case, and the message and the connector say why.
    await run(false);
    expect(salesforce.cases()).toHaveLength(before);
    const [message] = await h.deps.db.select().from(connectorMessages).where(eq(connectorMessages.connectorId, waiting.id));
    expect(message).toMatchObject({ writeBack: 'failed', writeBackError: { code: 'consolidationMissing', detail: null } });
    expect((await connectorNamed(waiting.id)).lastError).toEqual({ code: 'consolidationMissing', detail: null });
    // Once the consolidation module's result is there, the Case is written.
    const [analysis] = await h.deps.db.select().from(analyses).where(eq(analyses.id, message!.analysisId!));
    const consolidation: ModuleResult = { moduleId: 'consolidation-1', type: 'consolidation', name: 'Consolidation', outcome: 'success', message: null, result: null };
    await h.deps.db.update(analyses).set({ modules: [...analysis!.modules, consolidation] }).where(eq(analyses.id, analysis!.id));
    await run(true);
    expect(salesforce.cases().slice(before).map((c) => c.fields.Subject)).toEqual([analysis!.name]);
  }, 60_000);

  it('asks for a new authorization when the org, the app, the user or the type changes, not for a new name', async () => {
    const put = (name: string, salesforceSettings: Record<string, unknown>) =>
      call('PUT', `${base()}/${connector.id}`, { name, settings: { type: 'salesforce', salesforce: salesforceSettings }, secrets: {}, customFields: [], outputMappings: connector.outputMappings });
    expect((await put('CRM OAuth renommé', settings().salesforce)).json()).toMatchObject({ state: 'authorized' });
    const moved = await put('CRM OAuth renommé', { ...settings().salesforce, user: 'autre@acme.example' });
    expect(moved.json()).toMatchObject({ state: 'needsAuthorization', active: false, secretsSet: ['clientSecret'] });
    // Until the new user consents, nothing is written with the old session.
    expect((await call('POST', `${base()}/${connector.id}/health`)).json()).toMatchObject({ ok: false, code: 'connectorNotAuthorized' });
  });

  it('keeps the login types signing in at once (no consent page)', async () => {
    const created = await call('POST', base(), {
      name: 'CRM mot de passe',
      settings: { type: 'salesforce', salesforce: { ...settings().salesforce, type: 'credentials' } },
      secrets: { clientSecret: SALESFORCE_TEST_APP.clientSecret, password: SALESFORCE_TEST_APP.password },
    });
    expect((await call('POST', `${base()}/${created.json<Connector>().id}/authorize`)).json()).toMatchObject({ kind: 'done', connector: { state: 'authorized' } });
  });
});

describe('the web-server session renewal', () => {
  /** A real authorization at the local server: its code exchanged with the right verifier. */
  async function authorized(): Promise<DriverContext['secrets']> {
    const verifier = 'v'.repeat(50);
    const authorize = new URL('/services/oauth2/authorize', salesforce.url);
    authorize.search = new URLSearchParams({ response_type: 'code', client_id: SALESFORCE_TEST_APP.clientId, redirect_uri: `${CONSOLE}/cb`, code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' }).toString();
    const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    const exchange = async (codeVerifier: string) =>
      fetch(`${salesforce.url}/services/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: SALESFORCE_TEST_APP.clientId, client_secret: SALESFORCE_TEST_APP.clientSecret, redirect_uri: `${CONSOLE}/cb`, code_verifier: codeVerifier }).toString(),
      });
    const answer = (await (await exchange(verifier)).json()) as { access_token: string; refresh_token: string; instance_url: string };
    return { clientSecret: SALESFORCE_TEST_APP.clientSecret, accessToken: answer.access_token, refreshToken: answer.refresh_token, instanceUrl: answer.instance_url };
  }
  const context = (secrets: DriverContext['secrets'], saved: DriverContext['secrets'][]): DriverContext => ({
    settings: { type: 'salesforce', salesforce: salesforceSettingsSchema.parse(settings().salesforce) },
    secrets,
    outbound: h.deps.outbound,
    integrations: h.deps.integrations,
    saveSecrets: async (next) => {
      saved.push(next);
    },
  });

  it('the local server checks the PKCE verifier: a code is refused with another one', async () => {
    const verifier = 'w'.repeat(50);
    const authorize = new URL('/services/oauth2/authorize', salesforce.url);
    authorize.search = new URLSearchParams({ response_type: 'code', client_id: SALESFORCE_TEST_APP.clientId, redirect_uri: `${CONSOLE}/cb`, code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' }).toString();
    const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    const refused = await fetch(`${salesforce.url}/services/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: SALESFORCE_TEST_APP.clientId, client_secret: SALESFORCE_TEST_APP.clientSecret, redirect_uri: `${CONSOLE}/cb`, code_verifier: 'x'.repeat(50) }).toString(),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('renews a session that ends within a minute before using it, and keeps one that does not', async () => {
    const secrets = await authorized();
    const saved: DriverContext['secrets'][] = [];
    const before = salesforce.tokenRequests().length;
    // Far from its end: used as is.
    await salesforceDriver.writeCase(context({ ...secrets, accessTokenExpiresAt: Date.now() + 10 * 60_000 }, saved), 'Sans renouvellement', { tags: {}, draft: null });
    expect(salesforce.tokenRequests().length).toBe(before);
    expect(saved).toEqual([]);
    // Ending in 30 s: renewed first (the old session still works, so only a renewal before the call explains a new token).
    await salesforceDriver.writeCase(context({ ...secrets, accessTokenExpiresAt: Date.now() + 30_000 }, saved), 'Avec renouvellement', { tags: {}, draft: null });
    expect(salesforce.tokenRequests().slice(before)).toEqual(['refresh_token']);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.accessToken).not.toBe(secrets.accessToken);
    expect(saved[0]!.refreshToken).toBe(secrets.refreshToken);
    // Salesforce gives no lifetime: the shortest session timeout is assumed.
    expect(saved[0]!.accessTokenExpiresAt! - Date.now()).toBeGreaterThan((SALESFORCE_SESSION_S - 60) * 1000);
    expect(saved[0]!.accessTokenExpiresAt! - Date.now()).toBeLessThanOrEqual(SALESFORCE_SESSION_S * 1000);
    expect(salesforce.cases().map((c) => c.fields.Subject)).toEqual(expect.arrayContaining(['Sans renouvellement', 'Avec renouvellement']));
  });
});
