/**
 * The connector list and settings routes, through the API with real authorizations
 * against the local Jira and n8n servers:
 * - the list shows each connector's latest run and the one running, however many runs another
 *   connector of the environment has queued;
 * - changing what a connector is authorized for (Jira's client id, n8n's instance) asks for a new
 *   authorization and disables it; a new name does not;
 * - a disabled connector is never run by the scheduler.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector, ConnectorRun } from '../../src/contract/integrations';
import { connectorRuns } from '../db/schema-integrations';
import { claimRun, connectorRound, scheduleDueRuns } from '../integrations/job';
import { connectorsPath, startConnectorHarness, type ConnectorHarness } from '../test-support/connector-harness';
import { JIRA_TEST_CLIENT, startJiraTestServer, type JiraTestServer } from '../test-support/jira-server';
import { N8N_TEST_API_KEY, startN8nTestServer, type N8nTestServer } from '../test-support/n8n-server';

let h: ConnectorHarness;
let jira: JiraTestServer;
let n8n: N8nTestServer;
let envId: string;
const base = () => connectorsPath(envId);

beforeAll(async () => {
  [jira, n8n] = await Promise.all([startJiraTestServer(), startN8nTestServer()]);
  h = await startConnectorHarness({ atlassianAuthorizeUrl: `${jira.url}/authorize`, atlassianTokenUrl: `${jira.url}/oauth/token`, atlassianApiUrl: jira.url });
  envId = await h.scratchEnvironment(`Routes connecteurs ${Date.now()}`);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await Promise.all([jira?.close(), n8n?.close()]);
});

/** An n8n connector authorized on the integrations/external page (its workflow created in n8n). */
async function authorizedN8n(name: string): Promise<Connector> {
  const connector = (await h.call('POST', base(), { name, settings: { type: 'n8n', n8n: { baseUrl: n8n.url } }, secrets: { apiKey: N8N_TEST_API_KEY } })).json<Connector>();
  const { url } = (await h.call('POST', `${base()}/${connector.id}/authorize`)).json<{ url: string }>();
  const done = await h.call('POST', `${base()}/oauth-callback`, { state: new URL(url).searchParams.get('state'), code: 'external' });
  expect(done.statusCode, done.body).toBe(200);
  return done.json<{ connector: Connector }>().connector;
}

/** A Jira connector authorized through Atlassian's consent page and the callback. */
async function authorizedJira(name: string): Promise<Connector> {
  const connector = (await h.call('POST', base(), { name, settings: { type: 'jira', jira: { clientId: JIRA_TEST_CLIENT.clientId, projectKey: 'SUP' } }, secrets: { clientSecret: JIRA_TEST_CLIENT.clientSecret } })).json<Connector>();
  const { url } = (await h.call('POST', `${base()}/${connector.id}/authorize`)).json<{ url: string }>();
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
  const done = await h.call('POST', `${base()}/oauth-callback`, { state: back.searchParams.get('state'), code: back.searchParams.get('code') });
  expect(done.statusCode, done.body).toBe(200);
  return done.json<{ connector: Connector }>().connector;
}

const queueRun = async (connector: Connector) => {
  const run = await h.call('POST', `${base()}/${connector.id}/runs`, { fromDate: new Date(Date.now() - 60_000).toISOString(), toDate: new Date().toISOString() });
  expect(run.statusCode, run.body).toBe(201);
  return run.json<ConnectorRun>();
};
const listed = async () => (await h.call('GET', base())).json<{ connectors: Connector[]; runs: ConnectorRun[] }>();
const put = (connector: Connector, name: string, settings: Connector['settings']) =>
  h.call('PUT', `${base()}/${connector.id}`, { name, settings, secrets: {}, customFields: connector.customFields, outputMappings: connector.outputMappings });

describe('the connector list', () => {
  it("shows each connector's latest run and the one running, whatever the others queue", async () => {
    const quiet = await authorizedN8n('Peu de runs');
    const busy = await authorizedN8n('Beaucoup de runs');
    const started = await queueRun(quiet);
    expect(await claimRun(h.deps, 'process-a')).toMatchObject({ id: started.id, status: 'running' });
    const next = await queueRun(quiet);
    for (let i = 0; i < 25; i += 1) await queueRun(busy);

    const { runs } = await listed();
    expect(runs.filter((run) => run.connectorId === quiet.id).map((run) => [run.id, run.status])).toEqual([
      [next.id, 'queued'],
      [started.id, 'running'],
    ]);
    expect(runs.filter((run) => run.connectorId === busy.id)).toHaveLength(1);
    await h.deps.db.delete(connectorRuns);
  });
});

describe('changing what a connector is authorized for', () => {
  it("asks Jira for a new authorization when its client id changes, not for a new name", async () => {
    const connector = await authorizedJira('Support');
    expect((await h.call('PATCH', `${base()}/${connector.id}/active`, { active: true })).json<Connector>().active).toBe(true);
    expect((await put(connector, 'Support N2', connector.settings)).json<Connector>()).toMatchObject({ state: 'authorized', active: true });
    if (connector.settings.type !== 'jira') throw new Error('a Jira connector was expected');
    const other = { type: 'jira' as const, jira: { ...connector.settings.jira, clientId: 'another-client' } };
    expect((await put(connector, 'Support N2', other)).json<Connector>()).toMatchObject({ state: 'needsAuthorization', active: false });
  });

  it('asks n8n for a new authorization when the instance changes', async () => {
    const connector = await authorizedN8n('Autre instance');
    const moved = await put(connector, 'Autre instance', { type: 'n8n', n8n: { baseUrl: 'https://n8n.example.com' } });
    expect(moved.json<Connector>()).toMatchObject({ state: 'needsAuthorization', active: false });
  });
});

describe('a disabled connector', () => {
  it('is run by the scheduler while enabled, and no more once disabled', async () => {
    const connector = await authorizedN8n('Planifié');
    const runsOf = () => h.deps.db.select().from(connectorRuns).where(and(eq(connectorRuns.connectorId, connector.id), eq(connectorRuns.trigger, 'schedule')));
    expect((await h.call('PATCH', `${base()}/${connector.id}/active`, { active: true })).json<Connector>().active).toBe(true);
    await scheduleDueRuns(h.deps);
    expect(await runsOf()).toHaveLength(1);
    await connectorRound(h.deps, 'test');

    const disabled = await h.call('PATCH', `${base()}/${connector.id}/active`, { active: false });
    expect(disabled.json<Connector>()).toMatchObject({ active: false, state: 'authorized' });
    // A day later it would long be due.
    await scheduleDueRuns(h.deps, new Date(Date.now() + 86_400_000));
    expect(await runsOf()).toHaveLength(1);
    expect((await listed()).connectors.find((item) => item.id === connector.id)).toMatchObject({ active: false });
  });
});
