/**
 * The Jira Cloud driver against the local Atlassian protocol server (server/test-support/jira-server.ts):
 * the 3LO authorization with PKCE and a JSON token request, the site found from the granted
 * resources, issues created from an analysis's mapped values (labels made single words, custom fields
 * with their plain values, the reply draft in the description), Jira's field errors named, rotating
 * refresh tokens stored at each renewal, and "reauthorize" when renewal is refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModuleResult } from '../../src/contract/analyses';
import { jiraSettingsSchema, type JiraSettings } from '../../src/contract/integrations-jira';
import { createOutboundClient } from '../outbound/client';
import { JIRA_TEST_CLIENT, startJiraTestServer, type JiraTestServer } from '../test-support/jira-server';
import { pkcePair } from './drivers/google-oauth';
import { jira, jiraAuthorizationUrl, jiraClient } from './drivers/jira';
import type { DriverContext } from './drivers/types';
import { exchangeCode } from './drivers/oauth-token';
import { writeBackFor } from './outputs';
import type { ConnectorSecrets } from './secrets';
import { INTEGRATION_DEFAULTS, type IntegrationSettings } from './settings';

const REDIRECT = 'https://console.example.com/integrations/jira/callback';
const outbound = createOutboundClient({ allowPrivate: true });

const modules: ModuleResult[] = [
  { moduleId: 'c', type: 'categorization', name: 'Catégorisation', outcome: 'success', message: null, result: { documents: [{ source: 'body', categories: [{ category: 'Changement d’adresse' }] }] } },
  { moduleId: 'e', type: 'extraction', name: 'Extraction', outcome: 'success', message: null, result: { scope: 'analysis', fields: { contrat: 'AB-77812', objet: 'Déménagement' }, documents: [] } },
  { moduleId: 'r', type: 'replyTemplate', name: 'Réponse', outcome: 'success', message: null, result: { draft: 'Bonjour,\nNous avons bien noté votre nouvelle adresse.' } },
];
const mappings = [
  { dataType: 'messageCategories' as const, source: '', target: 'labels' },
  { dataType: 'extractedInfo' as const, source: 'objet', target: 'summary' },
  { dataType: 'extractedInfo' as const, source: 'contrat', target: 'customfield_10042' },
  { dataType: 'replyDraft' as const, source: '', target: 'draft' },
];
const contractField = { id: 'f', label: 'Contrat', technicalName: 'customfield_10042', required: true, active: true, kind: 'body' as const };

describe('the Jira Cloud driver', () => {
  let server: JiraTestServer;
  let integrations: IntegrationSettings;
  let settings: JiraSettings;
  let saved: ConnectorSecrets[];

  const context = (secrets: ConnectorSecrets, jiraSettings = settings): DriverContext => ({
    settings: { type: 'jira', jira: jiraSettings },
    secrets,
    outbound,
    integrations,
    saveSecrets: async (next) => {
      saved.push(next);
    },
  });

  /** Consent on the local Atlassian page and trade the code, as the callback route does. */
  async function authorize(): Promise<ConnectorSecrets> {
    const { verifier, challenge } = pkcePair();
    const consent = await fetch(jiraAuthorizationUrl(integrations, settings, REDIRECT, 'state-1', challenge), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('state-1');
    const stored = { clientSecret: JIRA_TEST_CLIENT.clientSecret, pkceVerifier: verifier };
    return exchangeCode(outbound, jiraClient({ settings: { type: 'jira', jira: settings }, secrets: stored, integrations }, REDIRECT), back.searchParams.get('code')!, verifier, stored);
  }

  beforeAll(async () => {
    server = await startJiraTestServer();
    integrations = { ...INTEGRATION_DEFAULTS, atlassianAuthorizeUrl: `${server.url}/authorize`, atlassianTokenUrl: `${server.url}/oauth/token`, atlassianApiUrl: server.url };
    settings = jiraSettingsSchema.parse({ clientId: JIRA_TEST_CLIENT.clientId, projectKey: 'SUP' });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.reset();
    saved = [];
  });

  it('is authorized by the 3LO code flow with PKCE, and finds the granted site and the project', async () => {
    const secrets = await authorize();
    expect(secrets).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(secrets.pkceVerifier).toBeUndefined();
    await expect(jira.healthCheck(context(secrets))).resolves.toBeUndefined();
    await expect(jira.healthCheck(context(secrets, { ...settings, projectKey: 'NOPE' }))).rejects.toMatchObject({ code: 'healthCheckFailed' });
    await expect(jira.healthCheck(context(secrets, { ...settings, tenantId: 'another-site' }))).rejects.toMatchObject({ code: 'healthCheckFailed', detail: 'accessible-resources: another-site ∉' });
  });

  it('creates an issue with the mapped summary, labels, custom field and the reply draft', async () => {
    const secrets = await authorize();
    const result = writeBackFor(modules, mappings, [contractField], false);
    expect(await jira.createIssue(context(secrets), 'Déménagement.eml', result)).toBe('SUP-1');
    const [issue] = server.state().issues;
    expect(issue!.fields).toMatchObject({
      project: { key: 'SUP' },
      issuetype: { name: 'Task' },
      summary: 'Déménagement',
      labels: ['Changement_d’adresse'],
      customfield_10042: 'AB-77812',
    });
    const paragraphs = (issue!.fields.description as { content: { content: { text: string }[] }[] }).content.map((paragraph) => paragraph.content[0]!.text);
    expect(paragraphs).toEqual(['Bonjour,', 'Nous avons bien noté votre nouvelle adresse.']);
  });

  it('falls back to the analysis name for the summary, and names the fields Jira refuses', async () => {
    const secrets = await authorize();
    await jira.createIssue(context(secrets), 'Courrier du 12 mars.eml', writeBackFor(modules, [{ dataType: 'messageCategories', source: '', target: 'labels' }], [], false));
    expect(server.state().issues[0]!.fields.summary).toBe('Courrier du 12 mars.eml');
    const unknown = writeBackFor(modules, [{ dataType: 'extractedInfo', source: 'contrat', target: 'customfield_99999' }], [{ ...contractField, technicalName: 'customfield_99999' }], false);
    await expect(jira.createIssue(context(secrets), 'x.eml', unknown)).rejects.toMatchObject({ code: 'healthCheckFailed', detail: 'Jira POST → HTTP 400 (customfield_99999)' });
  });

  it('stores the rotated refresh token at each renewal, and asks to reauthorize when renewal is refused', async () => {
    const secrets = await authorize();
    server.expireTokens();
    const ctx = context(secrets);
    await jira.healthCheck(ctx);
    expect(server.state().tokenRequests).toEqual(['authorization_code', 'refresh_token']);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.refreshToken).not.toBe(secrets.refreshToken);
    // The old refresh token was used up: renewing with it again is refused.
    server.expireTokens();
    await expect(jira.healthCheck(context(secrets))).rejects.toMatchObject({ code: 'reauthorize' });
    server.expireTokens();
    server.config.refuseRefresh = true;
    await expect(jira.healthCheck(context(saved[0]!))).rejects.toMatchObject({ code: 'reauthorize' });
  });
});
