/**
 * The record connectors through the API, against their local protocol servers: Jira Cloud (OAuth 3LO
 * through the callback, an issue per finished analysis of the environment, whatever brought it),
 * Salesforce (§4 generated certificate, refused until placed, a Case per analysis; the custom case
 * filters for organisation admins only, §6) and n8n (§2.2 integrations/external authorization creating
 * the workflow, analyses posted to it, deletion refused until the workflow carries the Delete tag, §8;
 * a workflow already deleted in n8n lets the connector go; an instance refusing the key or out of
 * reach refuses with its own code, and deleting anyway leaves the workflow there and is audited).
 * A dedicated environment, so only this file's analyses are handed on.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../src/contract/integrations';
import { auditLogs } from '../db/schema';
import { startConnectorHarness, type ConnectorHarness } from '../test-support/connector-harness';
import { JIRA_TEST_CLIENT, startJiraTestServer, type JiraTestServer } from '../test-support/jira-server';
import { N8N_TEST_API_KEY, startN8nTestServer, type N8nTestServer } from '../test-support/n8n-server';
import { SALESFORCE_TEST_APP, startSalesforceTestServer, type SalesforceTestServer } from '../test-support/salesforce-server';

let h: ConnectorHarness;
let jira: JiraTestServer;
let salesforce: SalesforceTestServer;
let n8n: N8nTestServer;
let admin: Record<string, string>;
let configurator: Record<string, string>;
let envId: string;
const base = () => `/v4/console/api/environment/${envId}/connectors`;

const call = (...args: Parameters<ConnectorHarness['call']>) => h.call(...args);
const analyse = (name: string) => h.analyseMail(envId, name);
/** Runs the connector over the last hour and lets the write-back finish. */
const runAndWriteBack = (connector: Connector) => h.runAndWriteBack(envId, connector.id);

const lastError = async (connector: Connector) => (await h.connector(envId, connector.id)).lastError;

beforeAll(async () => {
  [jira, salesforce, n8n] = await Promise.all([startJiraTestServer(), startSalesforceTestServer(), startN8nTestServer()]);
  h = await startConnectorHarness({ atlassianAuthorizeUrl: `${jira.url}/authorize`, atlassianTokenUrl: `${jira.url}/oauth/token`, atlassianApiUrl: jira.url });
  admin = h.admin;
  configurator = await h.headersOf('configurator');
  envId = await h.scratchEnvironment(`Connecteurs ${Date.now()}`);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await Promise.all([jira?.close(), salesforce?.close(), n8n?.close()]);
});

describe('the Jira connector', () => {
  it('is authorized through the consent page and its callback, then files one issue per analysis', async () => {
    const created = await call('POST', base(), {
      name: 'Support',
      settings: { type: 'jira', jira: { clientId: JIRA_TEST_CLIENT.clientId, projectKey: 'SUP' } },
      secrets: { clientSecret: JIRA_TEST_CLIENT.clientSecret },
    });
    expect(created.statusCode, created.body).toBe(201);
    const connector = created.json<Connector>();
    expect(connector.outputMappings.map((mapping) => mapping.target)).toEqual(['labels', 'draft']);
    const authorize = (await call('POST', `${base()}/${connector.id}/authorize`, undefined, { ...admin, origin: 'https://console.example.com' })).json<{ kind: string; url: string }>();
    expect(authorize.kind).toBe('redirect');
    expect(new URL(new URL(authorize.url).searchParams.get('redirect_uri')!).pathname).toBe('/integrations/jira/callback');
    const back = new URL((await fetch(authorize.url, { redirect: 'manual' })).headers.get('location')!);
    const done = await call('POST', `/v4/console/api/environment/${envId}/connectors/oauth-callback`, { state: back.searchParams.get('state'), code: back.searchParams.get('code') }, { ...admin, origin: 'https://console.example.com' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ connector: { state: 'authorized' } });

    await analyse('Résiliation contrat');
    await analyse('Changement d’adresse');
    expect(await runAndWriteBack(connector)).toMatchObject({ status: 'done', found: 2, created: 2, skipped: 0 });
    expect(jira.state().issues.map((issue) => issue.fields.summary).sort()).toEqual(['Changement d’adresse', 'Résiliation contrat']);
    // A second run hands nothing twice.
    expect(await runAndWriteBack(connector)).toMatchObject({ found: 2, created: 0, skipped: 2 });
    expect(jira.state().issues).toHaveLength(2);
  }, 60_000);
});

describe('the Salesforce connector', () => {
  let connector: Connector;
  const settings = (filters: { field: string }[] = []) => ({ type: 'salesforce', salesforce: { clientId: SALESFORCE_TEST_APP.clientId, domain: salesforce.url, user: SALESFORCE_TEST_APP.user, customCaseFilters: filters } });

  it('keeps the custom case filters for organisation admins (§6)', async () => {
    const refused = await call('POST', base(), { name: 'CRM', settings: settings([{ field: 'Contract_Number__c' }]), secrets: {} }, configurator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'organisationAdminOnly' });
    const created = await call('POST', base(), { name: 'CRM', settings: settings(), secrets: {} }, configurator);
    expect(created.statusCode, created.body).toBe(201);
    connector = created.json<Connector>();
    const byAdmin = await call('PUT', `${base()}/${connector.id}`, { name: 'CRM', settings: settings([{ field: 'Contract_Number__c' }]), secrets: {}, customFields: [], outputMappings: connector.outputMappings });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    // A configurator may still edit the rest, leaving the filters as they are.
    const rest = await call('PUT', `${base()}/${connector.id}`, { name: 'CRM Acme', settings: settings([{ field: 'Contract_Number__c' }]), secrets: {}, customFields: [], outputMappings: connector.outputMappings }, configurator);
    expect(rest.statusCode, rest.body).toBe(200);
  });

  it('follows §4: generate the certificate, be refused until it is placed, authorize, then write Cases', async () => {
    const generated = await call('POST', `${base()}/${connector.id}/certificate`);
    expect(generated.statusCode, generated.body).toBe(200);
    const { certificate } = generated.json<{ certificate: string }>();
    expect(certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const early = await call('POST', `${base()}/${connector.id}/authorize`);
    expect(early.statusCode).toBe(502);
    expect(early.json()).toMatchObject({ code: 'authorizationFailed', providerCode: 'invalid_client' });
    salesforce.placeCertificate(certificate);
    expect((await call('POST', `${base()}/${connector.id}/authorize`)).json()).toMatchObject({ kind: 'done', connector: { state: 'authorized' } });
    await runAndWriteBack(connector);
    expect(salesforce.cases().map((c) => c.fields.Subject).sort()).toEqual(['Changement d’adresse', 'Résiliation contrat']);
    expect(await lastError(connector)).toBeNull();
  }, 60_000);

  it('waits for consolidation when asked: an analysis without its result writes no Case', async () => {
    const created = await call('POST', base(), {
      name: 'CRM consolidé',
      settings: { type: 'salesforce', salesforce: { clientId: SALESFORCE_TEST_APP.clientId, domain: salesforce.url, user: SALESFORCE_TEST_APP.user, type: 'credentials', expectConsolidation: true } },
      secrets: { clientSecret: SALESFORCE_TEST_APP.clientSecret, password: SALESFORCE_TEST_APP.password },
    });
    expect(created.statusCode, created.body).toBe(201);
    const consolidated = created.json<Connector>();
    expect((await call('POST', `${base()}/${consolidated.id}/authorize`)).json()).toMatchObject({ kind: 'done' });
    const before = salesforce.cases().length;
    await runAndWriteBack(consolidated);
    expect(salesforce.cases()).toHaveLength(before);
    expect(await lastError(consolidated)).toEqual({ code: 'consolidationMissing', detail: null });
  }, 60_000);

  it('refuses a certificate for a connector that does not sign with one', async () => {
    const jiraConnector = (await call('GET', base())).json<{ connectors: Connector[] }>().connectors.find((item) => item.type === 'jira')!;
    const refused = await call('POST', `${base()}/${jiraConnector.id}/certificate`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'notCertificateConnector' });
  });
});

describe('the n8n connector', () => {
  it('is authorized on integrations/external, posts analyses to its workflow, and is deleted once the workflow is tagged Delete', async () => {
    const created = await call('POST', base(), { name: 'Automatisations', settings: { type: 'n8n', n8n: { baseUrl: n8n.url } }, secrets: { apiKey: N8N_TEST_API_KEY } });
    expect(created.statusCode, created.body).toBe(201);
    const connector = created.json<Connector>();
    const authorize = (await call('POST', `${base()}/${connector.id}/authorize`, undefined, { ...admin, origin: 'https://console.example.com' })).json<{ kind: string; url: string }>();
    const external = new URL(authorize.url);
    expect(external.pathname).toBe('/integrations/external');
    expect(n8n.workflows()).toEqual([]);
    const done = await call('POST', `/v4/console/api/environment/${envId}/connectors/oauth-callback`, { state: external.searchParams.get('state'), code: 'external' });
    expect(done.statusCode, done.body).toBe(200);
    expect(n8n.workflows()).toEqual([expect.objectContaining({ name: 'Automatisations', active: true, tags: ['postroom'] })]);

    await runAndWriteBack(connector);
    expect(n8n.received().map((hit) => (hit.body as { name: string }).name).sort()).toEqual(['Changement d’adresse', 'Résiliation contrat']);

    const refused = await call('DELETE', `${base()}/${connector.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'deleteTagMissing' });
    n8n.tagWorkflow(n8n.workflows()[0]!.id, 'Delete');
    expect((await call('DELETE', `${base()}/${connector.id}`)).statusCode).toBe(200);
    expect(n8n.workflows()).toEqual([]);
  }, 60_000);
});

describe('deleting an n8n connector whose instance does not answer as it should', () => {
  /** An n8n connector authorized against `tool`, its workflow created there. */
  async function authorizedOn(tool: N8nTestServer, name: string): Promise<Connector> {
    const connector = (await call('POST', base(), { name, settings: { type: 'n8n', n8n: { baseUrl: tool.url } }, secrets: { apiKey: N8N_TEST_API_KEY } })).json<Connector>();
    const { url } = (await call('POST', `${base()}/${connector.id}/authorize`)).json<{ url: string }>();
    const done = await call('POST', `${base()}/oauth-callback`, { state: new URL(url).searchParams.get('state'), code: 'external' });
    expect(done.statusCode, done.body).toBe(200);
    return connector;
  }
  const listed = async (connector: Connector) => (await call('GET', base())).json<{ connectors: Connector[] }>().connectors.some((item) => item.id === connector.id);

  it('lets the connector go when its workflow was already deleted in n8n', async () => {
    const tool = await startN8nTestServer();
    try {
      const connector = await authorizedOn(tool, 'Workflow supprimé');
      tool.removeWorkflow(tool.workflows()[0]!.id);
      const deleted = await call('DELETE', `${base()}/${connector.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await listed(connector)).toBe(false);
    } finally {
      await tool.close();
    }
  });

  it('says the key was refused, and deletes anyway only when asked, leaving the workflow in n8n and an audit entry', async () => {
    const tool = await startN8nTestServer();
    try {
      const connector = await authorizedOn(tool, 'Clé révoquée');
      tool.revokeApiKey();
      const refused = await call('DELETE', `${base()}/${connector.id}`);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ code: 'n8nKeyRefused', providerCode: 'HTTP 401' });
      expect(await listed(connector)).toBe(true);
      // The choice must be explicit.
      expect((await call('POST', `${base()}/${connector.id}/delete-keeping-workflow`, {})).statusCode).toBe(400);
      const anyway = await call('POST', `${base()}/${connector.id}/delete-keeping-workflow`, { keepWorkflow: true });
      expect(anyway.statusCode, anyway.body).toBe(200);
      expect(await listed(connector)).toBe(false);
      expect(tool.workflows()).toEqual([expect.objectContaining({ name: 'Clé révoquée', active: true })]);
      const audited = await h.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'integrations.deleteKeepingWorkflow'));
      expect(audited).toEqual([expect.objectContaining({ actorUsername: 'admin', path: `${base()}/${connector.id}/delete-keeping-workflow`, status: 200 })]);
    } finally {
      await tool.close();
    }
  });

  it('says the instance could not be reached', async () => {
    const tool = await startN8nTestServer();
    const connector = await authorizedOn(tool, 'Instance arrêtée');
    await tool.close();
    const refused = await call('DELETE', `${base()}/${connector.id}`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'n8nUnreachable' });
    expect(await listed(connector)).toBe(true);
  });
});
