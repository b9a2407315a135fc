/**
 * The self-service webmail (spec §4) against the local Google OAuth + Gmail server: a light
 * user connects a Gmail mailbox to a use case with the platform's Google client, comes back through
 * the callback, activates it, the mailbox is read and the categories come back as Gmail labels;
 * "check now", Google's refusal and authorizing again, disconnection. And who may do it: only the
 * light user, on their own use case; the full integrations endpoints stay closed to them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisSummary } from '../../src/contract/analyses';
import type { Connector } from '../../src/contract/integrations';
import type { SelfServiceOverview } from '../../src/contract/self-service';
import type { SelfWebmail } from '../../src/contract/self-service-webmail';
import { hashPassword } from '../auth/passwords';
import { createSecretBox } from '../crypto/secret-box';
import { members, organisations, users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed-data';
import { connectors } from '../db/schema-integrations';
import type { IntegrationDeps } from '../integrations/deps';
import { createOutboundClient } from '../outbound/client';
import { connectorRound } from '../integrations/job';
import { INTEGRATION_DEFAULTS } from '../integrations/settings';
import { GMAIL_TEST_CLIENT, platformGmailSettings, startGmailTestServer, type GmailTestServer } from '../test-support/gmail-server';
import { createTestServer, signIn, TEST_JWT_SECRET, type TestServer } from '../test-support/test-server';

let server: TestServer;
let gmail: GmailTestServer;
let deps: IntegrationDeps;
const headers: Record<string, { authorization: string }> = {};
const USERS = ['light', 'light2', 'viewer', 'admin'] as const;
type User = (typeof USERS)[number];
let envId = '';
const MAILBOX = 'lea.libre@gmail.example';

beforeAll(async () => {
  gmail = await startGmailTestServer();
  // The operator's own Google client (the only credentials a light user's mailbox signs in with);
  // the job is driven by the test (connectorRound), not by the timer.
  const integrations = platformGmailSettings(gmail.url);
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 20 }, integrations });
  deps = { db: server.handle.db, secrets: createSecretBox(TEST_JWT_SECRET), outbound: createOutboundClient({ allowPrivate: true }), integrations: { ...INTEGRATION_DEFAULTS, ...integrations } };
  // A second light user of the same organisation, with use cases of their own.
  await server.handle.db.insert(users).values({ id: 'test-light-2', username: 'light2', email: 'light2@example.com', firstname: 'Luc', lastname: 'Libre', passwordHash: await hashPassword(DEMO_PASSWORD), isLight: true });
  await server.handle.db.insert(members).values({ organisationId: 'demo', userId: 'test-light-2', role: 'ROLE_PROJECT_SELF_SERVICE' });
  for (const user of USERS) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
  const created = await call('light', 'POST', '/self/use-cases', { name: 'Mes rendez-vous', source: { kind: 'template', template: 'insurance:meeting' } });
  expect(created.statusCode, created.body).toBe(201);
  envId = created.json<{ id: string }>().id;
}, 90_000);
afterAll(async () => {
  await server.close();
  await gmail.close();
});

const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: headers[user], ...(payload === undefined ? {} : { payload }) });
const webmail = (path = '') => `/self/use-cases/${envId}/webmail${path}`;

async function state(user: User = 'light'): Promise<SelfWebmail> {
  const response = await call(user, 'GET', webmail());
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SelfWebmail>();
}

/** Google's consent page answers the browser with a redirect to the console's callback: its code and state. */
async function consent(url: string): Promise<{ state: string; code: string }> {
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
  expect(back.pathname).toBe('/integrations/gmail/callback');
  return { state: back.searchParams.get('state')!, code: back.searchParams.get('code')! };
}

const mail = (subject: string, body: string) =>
  [`From: Client <client@example.com>`, `To: ${MAILBOX}`, `Subject: ${subject}`, `Message-ID: <${Date.now()}.${subject.length}@example.com>`, 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n');

async function processedAnalyses(count: number): Promise<AnalysisSummary[]> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const items = (await call('light', 'GET', `/environment/${envId}/analyses`)).json<{ items: AnalysisSummary[] }>().items;
    if (items.length >= count && items.every((item) => !['waiting', 'pending'].includes(item.status))) return items;
    if (Date.now() > deadline) throw new Error(`analyses not finished: ${JSON.stringify(items.map((item) => item.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Reads the mailbox (scheduled or asked-for runs), waits for the analyses, then writes them back. */
async function readAndWriteBack(analyses: number) {
  await connectorRound(deps, 'test');
  const done = await processedAnalyses(analyses);
  await connectorRound(deps, 'test');
  return done;
}

describe('self-service webmail', () => {
  it('starts not configured, for the light user of the use case only', async () => {
    expect(await state()).toMatchObject({ state: 'notConfigured', available: true, mailbox: null, active: false });
    const viewer = await call('viewer', 'GET', webmail());
    expect([viewer.statusCode, viewer.json().code]).toEqual([403, 'selfServiceLightUsersOnly']);
    const other = await call('light2', 'POST', webmail('/connect'), { mailbox: 'luc@gmail.example' });
    expect([other.statusCode, other.json().code]).toEqual([404, 'environmentNotFound']);
    expect((await call('admin', 'GET', webmail())).statusCode).toBe(403);
  });

  it("connects with the platform's Google client: Google's page, then back through the callback, configured but not yet active", async () => {
    const started = await call('light', 'POST', webmail('/connect'), { mailbox: MAILBOX });
    expect(started.statusCode, started.body).toBe(200);
    const { url, webmail: during } = started.json<{ url: string; webmail: SelfWebmail }>();
    expect(during).toMatchObject({ state: 'configuring', mailbox: MAILBOX });
    const page = new URL(url);
    expect(page.origin + page.pathname).toBe(`${gmail.url}/o/oauth2/v2/auth`);
    expect(page.searchParams.get('client_id')).toBe(GMAIL_TEST_CLIENT.clientId);
    expect(page.searchParams.get('code_challenge_method')).toBe('S256');
    expect(page.searchParams.get('login_hint')).toBe(MAILBOX);
    expect(page.searchParams.get('state')).toMatch(new RegExp(`^${envId}\\.self\\.`));

    // Labels = categories, no draft, read from now on; sealed secrets hold no client secret of the user.
    const [row] = await server.handle.db.select().from(connectors).where(eq(connectors.environmentId, envId));
    expect(row!.outputMappings.map((mapping) => mapping.target)).toEqual(['labels', 'attachmentLabels']);
    expect(row!.settings).toMatchObject({ type: 'gmail', gmail: { customCredentials: false, user: MAILBOX } });
    expect(Date.now() - new Date(row!.settings.type === 'gmail' ? row!.settings.gmail.startDate : 0).getTime()).toBeLessThan(60_000);

    // Not before Google's answer (§4).
    const early = await call('light', 'PATCH', webmail('/active'), { active: true });
    expect([early.statusCode, early.json().code]).toEqual([409, 'selfWebmailNotAuthorized']);

    const answer = await consent(url);
    // Another light user cannot use the answer, nor finish it on their own use case.
    expect((await call('light2', 'POST', webmail('/oauth-callback'), answer)).statusCode).toBe(404);
    const done = await call('light', 'POST', webmail('/oauth-callback'), answer);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<SelfWebmail>()).toMatchObject({ state: 'configured', active: false, needsReauthorization: false, mailbox: MAILBOX });
    const again = await call('light', 'POST', webmail('/oauth-callback'), answer);
    expect([again.statusCode, again.json().code]).toEqual([400, 'invalidOAuthState']);
    expect(gmail.state().tokenRequests).toEqual(['authorization_code']);
  });

  it('keeps the full integrations endpoints closed to the light user, and open to the organisation admin', async () => {
    for (const [method, path] of [
      ['GET', `/environment/${envId}/connectors`],
      ['POST', `/environment/${envId}/connectors`],
      ['POST', `/environment/${envId}/connectors/oauth-callback`],
    ] as const) {
      expect((await call('light', method, path, method === 'GET' ? undefined : {})).statusCode, `${method} ${path}`).toBe(403);
    }
    // The same connector, as any connector, for those who configure the project.
    const listed = await call('admin', 'GET', `/environment/${envId}/connectors`);
    expect(listed.json<{ connectors: Connector[] }>().connectors).toEqual([expect.objectContaining({ type: 'gmail', state: 'authorized', name: `Gmail · ${MAILBOX}` })]);
    // A viewer of the organisation has no grant on the light user's project.
    expect([403, 404]).toContain((await call('viewer', 'GET', `/environment/${envId}/connectors`)).statusCode);
  });

  it('once activated reads new mail into analyses and writes their categories back as Gmail labels', async () => {
    const before = (await call('light', 'GET', '/self')).json<SelfServiceOverview>().quota.used;
    const id = gmail.addMessage(mail('Rendez-vous', 'Bonjour, je voudrais prendre un rendez-vous avec un conseiller la semaine prochaine.'));
    const activated = await call('light', 'PATCH', webmail('/active'), { active: true });
    expect(activated.json<SelfWebmail>()).toMatchObject({ active: true });
    const [analysis] = await readAndWriteBack(1);
    expect(analysis).toMatchObject({ status: 'processed', name: 'Rendez-vous.eml', metadata: { messageId: id } });
    const labels = gmail.state().messages.find((message) => message.id === id)!.labels;
    expect(labels).toContain('prise_de_rendez_vous');
    expect(await state()).toMatchObject({ state: 'configured', active: true, analysed: 1, labelled: 1, lastCheckFailed: false, checking: false });
    expect((await state()).lastCheckAt).not.toBeNull();
    // Counted in the light user's monthly quota like any analysis.
    expect((await call('light', 'GET', '/self')).json<SelfServiceOverview>().quota.used).toBe(before + 1);
  }, 90_000);

  it('reads the mailbox now when asked, skipping mail already read', async () => {
    const id = gmail.addMessage(mail('Annulation', 'Bonjour, je dois annuler mon rendez-vous de jeudi.'));
    const asked = await call('light', 'POST', webmail('/check'));
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<SelfWebmail>().checking).toBe(true);
    await readAndWriteBack(2);
    expect(gmail.state().messages.find((message) => message.id === id)!.labels.length).toBeGreaterThan(1);
    expect(await state()).toMatchObject({ analysed: 2, labelled: 2, checking: false });
  }, 90_000);

  it('asks to authorize again when Google refuses the renewal, and keeps reading once authorized again', async () => {
    gmail.config.refuseRefresh = true;
    gmail.expireTokens();
    await call('light', 'POST', webmail('/check'));
    await connectorRound(deps, 'test');
    expect(await state()).toMatchObject({ state: 'configured', needsReauthorization: true, lastCheckFailed: true });
    const refused = await call('light', 'POST', webmail('/check'));
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'selfWebmailNotAuthorized']);
    gmail.config.refuseRefresh = false;

    const { url } = (await call('light', 'POST', webmail('/connect'), { mailbox: MAILBOX })).json<{ url: string }>();
    const done = await call('light', 'POST', webmail('/oauth-callback'), await consent(url));
    expect(done.json<SelfWebmail>()).toMatchObject({ state: 'configured', needsReauthorization: false, active: true, analysed: 2 });
  });

  it("stops reading once the month's quota is used, and says when it renews", async () => {
    const used = (await call('light', 'GET', '/self')).json<SelfServiceOverview>().quota.used;
    await server.handle.db.update(organisations).set({ selfServiceMonthlyQuota: used }).where(eq(organisations.id, 'demo'));
    try {
      gmail.addMessage(mail('Rendez-vous mardi', 'Bonjour, pourrais-je avoir un rendez-vous mardi ?'));
      await call('light', 'POST', webmail('/check'));
      await connectorRound(deps, 'test');
      const { renewsOn } = (await call('light', 'GET', '/self')).json<SelfServiceOverview>().quota;
      expect(await state()).toMatchObject({ lastCheckFailed: true, quotaRenewsOn: renewsOn, analysed: 2 });
    } finally {
      await server.handle.db.update(organisations).set({ selfServiceMonthlyQuota: 100 }).where(eq(organisations.id, 'demo'));
    }
  });

  it('pauses, then disconnects: the analyses stay, the mailbox is no longer read', async () => {
    expect((await call('light', 'PATCH', webmail('/active'), { active: false })).json<SelfWebmail>().active).toBe(false);
    const gone = await call('light', 'DELETE', webmail());
    expect(gone.json<SelfWebmail>()).toMatchObject({ state: 'notConfigured', mailbox: null });
    expect(await server.handle.db.select().from(connectors).where(eq(connectors.environmentId, envId))).toEqual([]);
    expect((await call('light', 'GET', `/environment/${envId}/analyses`)).json<{ items: unknown[] }>().items).toHaveLength(2);
    expect((await call('light', 'PATCH', webmail('/active'), { active: true })).json()).toMatchObject({ code: 'selfWebmailNotConnected' });
  });
});

describe('self-service webmail without the platform Google client', () => {
  it('says it is not offered, and refuses to connect, when the operator gave no client', async () => {
    const bare = await createTestServer();
    try {
      const auth = { authorization: `Bearer ${await signIn(bare.app, 'light')}` };
      const created = await bare.app.inject({ method: 'POST', url: '/v4/console/api/self/use-cases', headers: auth, payload: { name: 'Sans Gmail', source: { kind: 'template', template: 'insurance:meeting' } } });
      const url = `/v4/console/api/self/use-cases/${created.json<{ id: string }>().id}/webmail`;
      expect((await bare.app.inject({ method: 'GET', url, headers: auth })).json()).toMatchObject({ state: 'notConfigured', available: false });
      const connect = await bare.app.inject({ method: 'POST', url: `${url}/connect`, headers: auth, payload: { mailbox: MAILBOX } });
      expect([connect.statusCode, connect.json().code]).toEqual([409, 'selfWebmailUnavailable']);
    } finally {
      await bare.close();
    }
  }, 90_000);
});
