/**
 * The Microsoft 365 connector end to end against the local Microsoft identity + Graph protocol
 * server: creation with a sealed secret, authorization by a client-credentials grant (refused with
 * the provider's code for a wrong secret), a manual run over a period that pages through the Inbox
 * and queues analyses through the real pipeline once (forceDuplicates aside), skips the blacklist,
 * writes Outlook categories, the metadata property and the reply draft back, renews an expired token,
 * and turns "reauthorize" when the grant is refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../src/contract/integrations';
import { connectors } from '../db/schema-integrations';
import { connectorsPath, startConnectorHarness, type ConnectorHarness } from '../test-support/connector-harness';
import { M365_TEST_APP, startM365TestServer, type M365TestServer } from '../test-support/m365-server';
import { METADATA_PROPERTY } from './drivers/m365';
import { connectorRound } from './job';

const ENV = 'demo-nlu-recette';
let m365: M365TestServer;
let h: ConnectorHarness;
const base = connectorsPath(ENV);

const mail = (from: string, subject: string, body: string) =>
  [`From: ${from}`, `To: ${M365_TEST_APP.user}`, `Subject: ${subject}`, `Message-ID: <${subject.length}.${Date.now()}@example.com>`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n');

beforeAll(async () => {
  m365 = await startM365TestServer();
  h = await startConnectorHarness({ m365LoginUrl: m365.url, graphApiUrl: m365.url }, { captureLogs: true });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await m365?.close();
});

const call = (...args: Parameters<ConnectorHarness['call']>) => h.call(...args);

const settings = (startDate = new Date(Date.now() - 3_600_000)) => ({
  type: 'm365' as const,
  m365: { clientId: M365_TEST_APP.clientId, tenantId: M365_TEST_APP.tenantId, user: M365_TEST_APP.user, startDate: startDate.toISOString(), blacklist: ['spam.example'] },
});

const settledAnalyses = (count: number) => h.settledAnalyses(ENV, count);
const latestRun = (connectorId: string) => h.latestRun(ENV, connectorId);
const listed = async () => (await call('GET', base)).json<{ connectors: Connector[] }>().connectors[0]!;
const lastDay = () => ({ fromDate: new Date(Date.now() - 86_400_000).toISOString(), toDate: new Date(Date.now() + 1000).toISOString() });

describe('the Microsoft 365 connector', () => {
  let connector: Connector;

  it('refuses a start date more than 24 hours back (§5)', async () => {
    const response = await call('POST', base, { name: 'Old', settings: settings(new Date(Date.now() - 25 * 3_600_000)), secrets: { clientSecret: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'startDateTooOld' });
  });

  it('is created disabled with the Outlook mappings, and keeps its secret sealed', async () => {
    const response = await call('POST', base, { name: 'Boîte Outlook', settings: settings(), secrets: { clientSecret: 'not-the-secret' } });
    expect(response.statusCode, response.body).toBe(201);
    connector = response.json<Connector>();
    expect(connector).toMatchObject({ type: 'm365', active: false, state: 'needsAuthorization', secretsSet: ['clientSecret'] });
    expect(connector.outputMappings.map((mapping) => mapping.target)).toEqual(['categories', 'attachmentCategories', 'draft']);
    const [row] = await h.server.handle.db.select().from(connectors).where(eq(connectors.id, connector.id));
    expect(JSON.stringify(row)).not.toContain('not-the-secret');
    expect((await call('PATCH', `${base}/${connector.id}/active`, { active: true })).json()).toMatchObject({ code: 'connectorNotAuthorized' });
  });

  it("says authorization failed with Entra ID's code when the secret is wrong (§8)", async () => {
    const refused = await call('POST', `${base}/${connector.id}/authorize`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'authorizationFailed', providerCode: 'invalid_client' });
    expect((await listed()).state).toBe('needsAuthorization');
  });

  it('is authorized at once by a client-credentials grant once the right secret is given, then enabled', async () => {
    const updated = await call('PUT', `${base}/${connector.id}`, { name: connector.name, settings: connector.settings, secrets: { clientSecret: M365_TEST_APP.clientSecret }, customFields: [], outputMappings: [...connector.outputMappings, { dataType: 'messageCategories', source: '', target: 'metadata' }] });
    expect(updated.statusCode, updated.body).toBe(200);
    const done = await call('POST', `${base}/${connector.id}/authorize`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ kind: 'done', connector: { state: 'authorized' } });
    expect(m365.state().tokenRequests.at(-1)).toBe('client_credentials');
    const [row] = await h.server.handle.db.select().from(connectors).where(eq(connectors.id, connector.id));
    expect(JSON.stringify(row)).not.toMatch(/eyJ0eXAi|Qx8~/);
    expect((await call('PATCH', `${base}/${connector.id}/active`, { active: true })).json<Connector>().active).toBe(true);
    expect((await call('POST', `${base}/${connector.id}/health`)).json()).toEqual({ ok: true, code: null, detail: null });
  });

  it('runs over a period across pages: queues new mail once, skips the blacklist and mail outside the period, writes categories, metadata and a draft back', async () => {
    m365.config.maxPageSize = 1;
    const id = m365.addMessage(mail('Alice <alice@example.com>', 'Résiliation', 'Bonjour, je veux résilier mon contrat habitation numéro AB-77812.'), new Date(Date.now() - 60_000));
    m365.addMessage(mail('promo@spam.example', 'Offre', 'Gagnez de l’argent.'), new Date(Date.now() - 30_000));
    m365.addMessage(mail('bob@example.com', 'Ancien', 'Trop vieux.'), new Date(Date.now() - 2 * 86_400_000));
    const created = await call('POST', `${base}/${connector.id}/runs`, lastDay());
    expect(created.statusCode, created.body).toBe(201);
    await connectorRound(h.deps, 'test');
    expect(await latestRun(connector.id)).toMatchObject({ status: 'done', found: 2, created: 1, skipped: 1 });
    const [analysis] = await settledAnalyses(1);
    expect(analysis).toMatchObject({ status: 'processed', name: 'Résiliation.eml', metadata: { connectorId: connector.id, messageId: id } });
    await connectorRound(h.deps, 'test');
    const state = m365.state();
    const written = state.messages.find((message) => message.id === id)!;
    expect(written.categories).toContain('Résiliation');
    expect(JSON.parse(written.properties[METADATA_PROPERTY]!)).toContain('Résiliation');
    expect(state.drafts).toHaveLength(1);
    expect(state.drafts[0]).toMatchObject({ replyTo: id, subject: 'RE: Résiliation' });
    expect(state.drafts[0]!.body.length).toBeGreaterThan(0);
    expect((await listed()).lastError).toBeNull();
    m365.config.maxPageSize = 100;
  }, 60_000);

  it('never queues the same message twice unless the run forces duplicates', async () => {
    await call('POST', `${base}/${connector.id}/runs`, lastDay());
    await connectorRound(h.deps, 'test');
    expect(await latestRun(connector.id)).toMatchObject({ status: 'done', created: 0, skipped: 2 });
    await call('POST', `${base}/${connector.id}/runs`, { ...lastDay(), forceDuplicates: true });
    await connectorRound(h.deps, 'test');
    expect(await latestRun(connector.id)).toMatchObject({ status: 'done', created: 1, skipped: 1, forceDuplicates: true });
    expect(await settledAnalyses(2)).toHaveLength(2);
  }, 60_000);

  it('renews an expired token with a new grant, and asks to reauthorize when the grant is refused (§8)', async () => {
    const grants = m365.state().tokenRequests.length;
    m365.expireTokens();
    expect((await call('POST', `${base}/${connector.id}/health`)).json()).toMatchObject({ ok: true });
    expect(m365.state().tokenRequests.length).toBe(grants + 1);
    m365.config.refuseToken = true;
    m365.expireTokens();
    await call('POST', `${base}/${connector.id}/runs`, lastDay());
    await connectorRound(h.deps, 'test');
    expect(await latestRun(connector.id)).toMatchObject({ status: 'error', error: { code: 'reauthorize', detail: 'invalid_client' } });
    expect(await listed()).toMatchObject({ state: 'reauthorize', lastError: { code: 'reauthorize', detail: 'invalid_client' } });
    // A new secret in Entra ID, then "Réautoriser": authorized again.
    m365.config.refuseToken = false;
    expect((await call('POST', `${base}/${connector.id}/authorize`)).json()).toMatchObject({ connector: { state: 'authorized' } });
  });

  it('never logs a credential', () => {
    const written = h.logs.join('\n');
    expect(written).toContain('/connectors');
    expect(written).not.toContain(M365_TEST_APP.clientSecret);
    expect(written).not.toMatch(/eyJ0eXAi/);
  });

  it('is deleted with its runs', async () => {
    expect((await call('DELETE', `${base}/${connector.id}`)).statusCode).toBe(200);
    expect((await call('GET', base)).json()).toEqual({ connectors: [], runs: [] });
  });
});
