/**
 * Cockpit is "dashboard only" (spec §6): a member holding only the cockpit profile reads the
 * dashboard and the alerts, and what their screens and the shell need to be reached (names of the
 * organisation, project and environments). Never a mail: no analysis (list, detail with its trace,
 * files), no NLU, no testing center, no configuration.
 *
 * The test walks the whole contract with a fresh cockpit member of an organisation of its own: every
 * operation the rules open to them must be listed below with the reason, so a new endpoint declared at
 * cockpit (or open to any signed-in member) cannot silently show mail to cockpit users. The
 * organisation-wide pages (members, organisation consumption, toolbox, use-case library) are refused
 * too: they need the `contributor` rule (admin, or qualifier or configurator on one project).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type Endpoint } from '../../src/contract';
import type { ServerContext } from '../context';
import { environments, members, organisations, projectPermissions, projects, users } from '../db/schema';
import { insertAnalysis } from '../test-support/insert-analysis';
import { createTestServer, signIn, TEST_JWT_SECRET, type TestServer } from '../test-support/test-server';
import { createAccessCache } from './access-cache';
import { authenticate } from './guard';
import { hashPassword } from './passwords';
import { authorize } from './permissions';
import { createTokenService } from './tokens';

/** What a cockpit-only member may call, and why. Everything else must be refused. */
const COCKPIT_OPENS: Record<string, string> = {
  // The dashboard and the alerts: the cockpit profile's own screens (§6).
  'dashboard.environment': 'the dashboard',
  'alerts.list': 'the alerts screen',
  'alerts.create': 'the alerts screen (anyone who reads the dashboard sets alerts up)',
  'alerts.update': 'the alerts screen',
  'alerts.setEnabled': 'the alerts screen',
  'alerts.delete': 'the alerts screen',
  // The shell: names for the navigation, counts without content.
  'projects.get': 'the project page and the location bar: name and the caller’s rights',
  'environments.list': 'the project page: environment names to reach their dashboards',
  'environments.get': 'the environment layout: its name',
  'consumption.environment': 'the environment home: analysis counts, no content',
  'organisations.get': 'the organisation layout: its name',
  'projects.list': 'the organisation home: the projects given',
  'navigation.targets': 'rapid navigation: names of what the caller may open',
  // The account, whoever the user is.
  'auth.currentUser': 'the signed-in user',
  'auth.logout': 'signing out',
  'password.change': 'their own password',
  'consumption.mine': 'their own consumption (lists only the organisations whose consumption they may read: none here)',
  // Signed-in rules whose handlers serve light users only (self-service.test.ts proves the refusals).
  'selfService.overview': 'light users only (handler)',
  'selfService.create': 'light users only (handler)',
  'selfService.update': 'light users only (handler)',
  'selfService.delete': 'light users only (handler)',
  'selfService.webmail': 'light users only (handler)',
  'selfService.webmailConnect': 'light users only (handler)',
  'selfService.webmailComplete': 'light users only (handler)',
  'selfService.webmailSetActive': 'light users only (handler)',
  'selfService.webmailCheckNow': 'light users only (handler)',
  'selfService.webmailDisconnect': 'light users only (handler)',
};

const PASSWORD = 'Cockpit-access-1';
const OWN = { orgaId: 'cockpit-orga', projectId: 'cockpit-mail', envId: 'cockpit-prod' };

let server: TestServer;
let ctx: ServerContext;
const token = { cockpit: '', qualifier: '', mixed: '' };
let analysisId = '';

beforeAll(async () => {
  server = await createTestServer();
  ctx = { db: server.handle.db, tokens: createTokenService(TEST_JWT_SECRET), access: createAccessCache() } as ServerContext;
  const db = server.handle.db;
  // An organisation of the test's own: one project, one environment, a cockpit member and a qualifier.
  await db.insert(organisations).values({ id: OWN.orgaId, name: 'Cockpit only' });
  await db.insert(projects).values({ id: OWN.projectId, organisationId: OWN.orgaId, name: 'Courrier', type: 'IC' });
  await db.insert(environments).values({ id: OWN.envId, projectId: OWN.projectId, name: 'Production', visibility: 'public' });
  await db.insert(projects).values({ id: 'cockpit-letters', organisationId: OWN.orgaId, name: 'Lettres', type: 'IC' });
  const passwordHash = await hashPassword(PASSWORD);
  for (const [id, profile, role] of [
    ['cockpit-member', 'cockpit', 'ROLE_PROJECT_VIEWER'],
    ['cockpit-qualifier', 'qualifier', 'ROLE_PROJECT_QUALIFIER'],
  ] as const) {
    await db.insert(users).values({ id, firstname: id, lastname: 'Test', username: id, email: `${id}@cockpit.example`, passwordHash });
    await db.insert(members).values({ organisationId: OWN.orgaId, userId: id, role });
    await db.insert(projectPermissions).values({ organisationId: OWN.orgaId, projectId: OWN.projectId, userId: id, profile });
  }
  // Cockpit on the mail project, qualifier on another one: works on the organisation's projects.
  await db.insert(users).values({ id: 'cockpit-mixed', firstname: 'Mixed', lastname: 'Test', username: 'cockpit-mixed', email: 'cockpit-mixed@cockpit.example', passwordHash });
  await db.insert(members).values({ organisationId: OWN.orgaId, userId: 'cockpit-mixed', role: 'ROLE_PROJECT_VIEWER' });
  await db.insert(projectPermissions).values([
    { organisationId: OWN.orgaId, projectId: OWN.projectId, userId: 'cockpit-mixed', profile: 'cockpit' },
    { organisationId: OWN.orgaId, projectId: 'cockpit-letters', userId: 'cockpit-mixed', profile: 'qualifier' },
  ]);
  token.cockpit = await signIn(server.app, 'cockpit-member', PASSWORD);
  token.mixed = await signIn(server.app, 'cockpit-mixed', PASSWORD);
  token.qualifier = await signIn(server.app, 'cockpit-qualifier', PASSWORD);
  analysisId = await insertAnalysis(db, { environmentId: OWN.envId, createdAt: new Date(), name: 'Réclamation de Mme Martin' });
}, 60_000);
afterAll(() => server.close());

/** The operation's URL in the test's own organisation; ids of things inside it need not exist. */
function urlOf(endpoint: Endpoint): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = (OWN as Record<string, string>)[name] ?? (name === 'analysisId' ? analysisId : `probe-${name}`);
    params[name] = value;
    return encodeURIComponent(value);
  });
  return { url, params };
}

async function cockpitPasses(endpoint: Endpoint): Promise<boolean> {
  const principal = await authenticate(ctx, `Bearer ${token.cockpit}`);
  try {
    await authorize(ctx, principal, endpoint.access, urlOf(endpoint).params);
    return true;
  } catch {
    return false;
  }
}

const userEndpoints = allEndpoints.filter((endpoint) => endpoint.access.kind !== 'public' && endpoint.access.kind !== 'accessKey');
const get = (url: string, who: keyof typeof token) => server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token[who]}` } });

describe('a cockpit-only member', () => {
  it('passes the rules of exactly the operations listed with their reason', async () => {
    const opened: string[] = [];
    for (const endpoint of userEndpoints) if (await cockpitPasses(endpoint)) opened.push(endpoint.id);
    expect(opened.sort()).toEqual(Object.keys(COCKPIT_OPENS).sort());
  });

  it('is refused every read of the project’s content, which its qualifier gets', async () => {
    const answered: string[] = [];
    const reads = userEndpoints.filter(
      (endpoint) => endpoint.method === 'GET' && (endpoint.access.kind === 'project' || endpoint.access.kind === 'environment'),
    );
    for (const endpoint of reads) {
      if (COCKPIT_OPENS[endpoint.id] !== undefined) continue;
      const { url } = urlOf(endpoint);
      const asCockpit = await get(url, 'cockpit');
      if (asCockpit.statusCode !== 403) answered.push(`${endpoint.id}: ${asCockpit.statusCode}`);
    }
    expect(answered).toEqual([]);
    // The walk covered the mail: analyses (list, detail with its trace, files), NLU, testing center.
    const walked = reads.map((endpoint) => endpoint.id);
    for (const id of ['analyses.list', 'analyses.get', 'analyses.downloadFile', 'nlu.archetypes.list', 'nlu.check', 'testingCenter.listMessages', 'testingCenter.getMessage', 'testingCenter.downloadFile', 'testingCenter.tests.list', 'environments.getSettings', 'versions.list']) {
      expect(walked, id).toContain(id);
    }
  });

  it('reads the analysis the qualifier reads only as a refusal, with no word of the mail', async () => {
    const url = `/v4/console/api/environment/${OWN.envId}/analyses/${analysisId}`;
    expect((await get(url, 'qualifier')).statusCode).toBe(200);
    const refused = await get(url, 'cockpit');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Martin');
    const list = await get(`/v4/console/api/environment/${OWN.envId}/analyses`, 'cockpit');
    expect([list.statusCode, list.body.includes('Martin')]).toEqual([403, false]);
  });

  it('reads the dashboard, the alerts and the names the navigation needs', async () => {
    const day = new Date().toISOString().slice(0, 10);
    for (const url of [
      `/v4/console/api/environment/${OWN.envId}/dashboard?from=${day}&to=${day}&bucket=day`,
      `/v4/console/api/environment/${OWN.envId}/alerts`,
      `/v4/console/api/environment/${OWN.envId}`,
      `/v4/console/api/project/${OWN.projectId}`,
      `/v4/console/api/project/${OWN.projectId}/environments`,
      `/v4/console/api/organisation/${OWN.orgaId}`,
    ]) {
      const response = await get(url, 'cockpit');
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });

  it('is refused the organisation-wide pages a member holding qualifier on one project reads', async () => {
    const orga = `/v4/console/api/organisation/${OWN.orgaId}`;
    const pages = [`${orga}/members`, `${orga}/consumption`, `${orga}/toolbox/kits`, `${orga}/use-cases`];
    for (const url of pages) {
      const refused = await get(url, 'cockpit');
      expect([url, refused.statusCode, refused.json<{ code: string }>().code]).toEqual([url, 403, 'forbidden']);
      const read = await get(url, 'mixed');
      expect([url, read.statusCode]).toEqual([url, 200]);
    }
    // Their own consumption page lists no organisation the cockpit member may not read.
    expect((await get('/v4/console/api/consumption', 'cockpit')).json()).toEqual([]);
    expect((await get('/v4/console/api/consumption', 'mixed')).json<{ organisationId: string }[]>()).toHaveLength(1);
  });
});
