/**
 * The webmail (Gmail) connector end to end against the local Google OAuth + Gmail protocol server:
 * creation with sealed secrets, OAuth with PKCE and state through the callback, enabling only once
 * authorized, a manual run that queues analyses through the real pipeline, dedup and
 * forceDuplicates, labels and the reply draft written back, token renewal and "reauthorize", and
 * the §5 start date rule and permissions.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../src/contract/integrations';
import { connectors } from '../db/schema-integrations';
import { connectorsPath, startConnectorHarness, type ConnectorHarness } from '../test-support/connector-harness';
import { GMAIL_TEST_CLIENT, startGmailTestServer, type GmailTestServer } from '../test-support/gmail-server';
import { connectorRound } from './job';

const ENV = 'demo-nlu-recette';
let gmail: GmailTestServer;
let h: ConnectorHarness;
const base = connectorsPath(ENV);

const mail = (from: string, subject: string, body: string) =>
  [`From: ${from}`, 'To: mailbox@example.com', `Subject: ${subject}`, `Message-ID: <${subject.length}.${Date.now()}@example.com>`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n');

beforeAll(async () => {
  gmail = await startGmailTestServer();
  h = await startConnectorHarness({ googleAuthorizeUrl: `${gmail.url}/o/oauth2/v2/auth`, googleTokenUrl: `${gmail.url}/token`, gmailApiUrl: gmail.url }, { captureLogs: true });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await gmail?.close();
});

const call = (...args: Parameters<ConnectorHarness['call']>) => h.call(...args);
const settings = (startDate = new Date(Date.now() - 3_600_000)) => ({
  type: 'gmail' as const,
  gmail: { customCredentials: true, clientId: GMAIL_TEST_CLIENT.clientId, redirectUri: '', user: 'mailbox@example.com', startDate: startDate.toISOString(), blacklist: ['spam.example'] },
});

const settledAnalyses = (count: number) => h.settledAnalyses(ENV, count);
const latestRun = (connectorId: string) => h.latestRun(ENV, connectorId);

describe('the Gmail connector', () => {
  let connector: Connector;

  it('refuses a start date more than 24 hours back (§5)', async () => {
    const response = await call('POST', base, { name: 'Old', settings: settings(new Date(Date.now() - 25 * 3_600_000)), secrets: { clientSecret: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'startDateTooOld' });
  });

  it("is refused when saved on the platform's Google app where the operator set none", async () => {
    const onPlatform = { ...settings(), gmail: { ...settings().gmail, customCredentials: false } };
    const created = await call('POST', base, { name: 'Platform mailbox', settings: onPlatform, secrets: {} });
    expect([created.statusCode, created.json()]).toEqual([400, expect.objectContaining({ code: 'missingSecret', providerCode: 'platformCredentials' })]);
    expect((await call('GET', base)).json<{ connectors: Connector[] }>().connectors.map((one) => one.name)).not.toContain('Platform mailbox');
  });

  it('is created disabled, keeps its secret sealed and never shows it', async () => {
    const response = await call('POST', base, { name: 'Support mailbox', settings: settings(), secrets: { clientSecret: GMAIL_TEST_CLIENT.clientSecret } });
    expect(response.statusCode, response.body).toBe(201);
    connector = response.json<Connector>();
    expect(connector).toMatchObject({ active: false, state: 'needsAuthorization', secretsSet: ['clientSecret'] });
    expect(connector.outputMappings.map((mapping) => mapping.target)).toEqual(['labels', 'attachmentLabels', 'draft']);
    expect((await call('GET', base)).body).not.toContain(GMAIL_TEST_CLIENT.clientSecret);
    const [row] = await h.server.handle.db.select().from(connectors).where(eq(connectors.id, connector.id));
    expect(row!.secretsSealed).not.toContain(GMAIL_TEST_CLIENT.clientSecret);
    expect(JSON.stringify(row)).not.toContain(GMAIL_TEST_CLIENT.clientSecret);
  });

  it('cannot be enabled nor run before it is authorized (§4)', async () => {
    expect((await call('PATCH', `${base}/${connector.id}/active`, { active: true })).json()).toMatchObject({ code: 'connectorNotAuthorized' });
    const run = await call('POST', `${base}/${connector.id}/runs`, { fromDate: new Date(Date.now() - 1000).toISOString(), toDate: new Date().toISOString() });
    expect(run.statusCode).toBe(409);
  });

  it("says authorization failed with the provider's code when the code is refused (§8)", async () => {
    const started = (await call('POST', `${base}/${connector.id}/authorize`)).json<{ url: string }>();
    const state = new URL(started.url).searchParams.get('state');
    const refused = await call('POST', `${base}/oauth-callback`, { state, code: 'not-a-code-google-gave' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'authorizationFailed', providerCode: 'invalid_grant' });
    expect((await call('GET', base)).json<{ connectors: Connector[] }>().connectors[0]!.state).toBe('needsAuthorization');
  });

  it('is authorized through OAuth with PKCE and a single-use state, then enabled', async () => {
    const started = (await call('POST', `${base}/${connector.id}/authorize`)).json<{ kind: string; url: string }>();
    expect(started.kind).toBe('redirect');
    const url = new URL(started.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/integrations/gmail/callback');
    // The provider's consent page sends the browser back to the console's callback with code and state.
    const consent = await fetch(started.url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const body = { state: back.searchParams.get('state'), code: back.searchParams.get('code') };
    const done = await call('POST', `${base}/oauth-callback`, body);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ connector: Connector; projectId: string }>()).toMatchObject({ connector: { state: 'authorized' }, projectId: 'demo-nlu' });
    expect((await call('POST', `${base}/oauth-callback`, body)).json()).toMatchObject({ code: 'invalidOAuthState' });
    const [row] = await h.server.handle.db.select().from(connectors).where(eq(connectors.id, connector.id));
    expect(JSON.stringify(row)).not.toMatch(/ya29\.|1\/\//);
    expect((await call('PATCH', `${base}/${connector.id}/active`, { active: true })).json<Connector>().active).toBe(true);
    expect((await call('POST', `${base}/${connector.id}/health`)).json()).toEqual({ ok: true, code: null, detail: null });
  });

  it('runs over a period: queues new mail as analyses, skips the blacklist, writes labels and a draft back', async () => {
    const id = gmail.addMessage(mail('Alice <alice@example.com>', 'Résiliation', 'Bonjour, je veux résilier mon contrat habitation numéro AB-77812.'));
    gmail.addMessage(mail('promo@spam.example', 'Offre', 'Gagnez de l’argent.'));
    const created = await call('POST', `${base}/${connector.id}/runs`, { fromDate: new Date(Date.now() - 86_400_000).toISOString(), toDate: new Date(Date.now() + 1000).toISOString() });
    expect(created.statusCode, created.body).toBe(201);
    await connectorRound(h.deps, 'test');
    expect(await latestRun(connector.id)).toMatchObject({ status: 'done', found: 2, created: 1, skipped: 1 });
    const [analysis] = await settledAnalyses(1);
    expect(analysis).toMatchObject({ status: 'processed', name: 'Résiliation.eml', metadata: { connectorId: connector.id, messageId: id } });
    await connectorRound(h.deps, 'test');
    const state = gmail.state();
    expect(state.messages.find((message) => message.id === id)!.labels).toContain('Résiliation');
    expect(state.drafts).toHaveLength(1);
    expect(state.drafts[0]!.threadId).toBe(`t${id}`);
    expect(state.drafts[0]!.raw).toContain('Subject: Re: ');
    expect((await call('GET', base)).json<{ connectors: Connector[] }>().connectors[0]!.lastError).toBeNull();
  }, 60_000);

  it('never queues the same message twice unless the run forces duplicates', async () => {
    const period = { fromDate: new Date(Date.now() - 86_400_000).toISOString(), toDate: new Date(Date.now() + 1000).toISOString() };
    await call('POST', `${base}/${connector.id}/runs`, period);
    await connectorRound(h.deps, 'test');
    expect(await latestRun(connector.id)).toMatchObject({ status: 'done', created: 0, skipped: 2 });
    await call('POST', `${base}/${connector.id}/runs`, { ...period, forceDuplicates: true });
    await connectorRound(h.deps, 'test');
    expect(await latestRun(connector.id)).toMatchObject({ status: 'done', created: 1, skipped: 1, forceDuplicates: true });
    expect(await settledAnalyses(2)).toHaveLength(2);
  }, 60_000);

  it('writes back a label another process created between its list and its creation (Gmail answers 409)', async () => {
    // What the tests before left to write back is written first, so the label's write-back below is this mail's.
    await settledAnalyses(2);
    await connectorRound(h.deps, 'test');
    const id = gmail.addMessage(mail('Bob <bob@example.com>', 'Résiliation contrat', 'Bonjour, je veux résilier mon contrat habitation numéro AB-77813.'));
    // Listed late from the start: the write-back may come in the round that reads the mail or the next.
    gmail.config.labelListedLate = 'Résiliation';
    await call('POST', `${base}/${connector.id}/runs`, { fromDate: new Date(Date.now() - 86_400_000).toISOString(), toDate: new Date(Date.now() + 1000).toISOString() });
    await connectorRound(h.deps, 'test');
    await settledAnalyses(3);
    await connectorRound(h.deps, 'test');
    expect(gmail.config.labelListedLate).toBeNull();
    expect(gmail.state().messages.find((message) => message.id === id)!.labels).toContain('Résiliation');
    expect(gmail.state().labels.filter((label) => label.name === 'Résiliation')).toHaveLength(1);
    expect((await call('GET', base)).json<{ connectors: Connector[] }>().connectors[0]!.lastError).toBeNull();
  }, 60_000);

  it('renews an expired token, and asks to reauthorize when renewal fails (§8)', async () => {
    gmail.expireTokens();
    expect((await call('POST', `${base}/${connector.id}/health`)).json()).toMatchObject({ ok: true });
    expect(gmail.state().tokenRequests).toContain('refresh_token');
    gmail.config.refuseRefresh = true;
    gmail.expireTokens();
    expect((await call('POST', `${base}/${connector.id}/health`)).json()).toMatchObject({ ok: false, code: 'reauthorize' });
    const listed = (await call('GET', base)).json<{ connectors: Connector[] }>().connectors[0]!;
    expect(listed.state).toBe('reauthorize');
    gmail.config.refuseRefresh = false;
  });

  it('is for configurators only', async () => {
    const qualifier = await h.headersOf('qualifier');
    // 403, or 404 where the project is not even theirs to see.
    expect([403, 404]).toContain((await call('GET', base, undefined, qualifier)).statusCode);
    const before = await latestRun(connector.id);
    const run = await call('POST', `${base}/${connector.id}/runs`, { fromDate: new Date().toISOString(), toDate: new Date().toISOString() }, qualifier);
    expect([403, 404]).toContain(run.statusCode);
    expect(await latestRun(connector.id)).toEqual(before);
  });

  it('never logs a credential', () => {
    const written = h.logs.join('\n');
    expect(written).toContain('/connectors');
    expect(written).not.toContain(GMAIL_TEST_CLIENT.clientSecret);
    expect(written).not.toMatch(/ya29\.|1\/\/|code_verifier|4\/[0-9a-f]{8}/);
  });

  it('is deleted with its runs', async () => {
    expect((await call('DELETE', `${base}/${connector.id}`)).statusCode).toBe(200);
    expect((await call('GET', base)).json()).toEqual({ connectors: [], runs: [] });
  });
});
