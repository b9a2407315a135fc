/**
 * Issue-tracker connector on Jira Cloud (REST API v3 through api.atlassian.com, OAuth 2.0 3LO with
 * PKCE and `state`): every finished analysis becomes an issue of the configured project, with the
 * mapped values as summary, description, labels and custom fields. Atlassian rotates refresh tokens,
 * so each renewal stores the new one at once (a lost one means reauthorizing). The site (cloud id)
 * is the tenant id when given, else the first site the authorization grants.
 */
import { CONNECTOR_PROFILES } from '../../../src/contract/integrations';
import { JIRA_SCOPES, type JiraSettings } from '../../../src/contract/integrations-jira';
import { ConnectorError } from '../errors';
import type { IntegrationSettings } from '../settings';
import { renewToken, type TokenEndpoint } from './oauth-token';
import type { ConnectorDriver, DriverContext, WriteBack } from './types';

const RENEW_BEFORE_MS = 60_000;

type JiraContext = DriverContext;

const jiraOf = (ctx: Pick<DriverContext, 'settings'>): JiraSettings => {
  if (ctx.settings.type !== 'jira') throw new Error('not a Jira connector');
  return ctx.settings.jira;
};

export function jiraClient(ctx: Pick<DriverContext, 'settings' | 'secrets' | 'integrations'>, redirectUri = ''): TokenEndpoint {
  if (!ctx.secrets.clientSecret) throw new ConnectorError('missingSecret', 'clientSecret');
  return { clientId: jiraOf(ctx).clientId, clientSecret: ctx.secrets.clientSecret, redirectUri, tokenUrl: ctx.integrations.atlassianTokenUrl, encoding: 'json' };
}

/** Atlassian's consent page (audience api.atlassian.com; prompt=consent so a refresh token comes back). */
export function jiraAuthorizationUrl(integrations: IntegrationSettings, jira: JiraSettings, redirectUri: string, state: string, challenge: string): string {
  const url = new URL(integrations.atlassianAuthorizeUrl);
  url.search = new URLSearchParams({
    audience: 'api.atlassian.com',
    client_id: jira.clientId,
    scope: JIRA_SCOPES.join(' '),
    redirect_uri: redirectUri,
    state,
    response_type: 'code',
    prompt: 'consent',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

async function freshSecrets(ctx: JiraContext, force = false): Promise<DriverContext['secrets']> {
  const expiresAt = ctx.secrets.accessTokenExpiresAt ?? 0;
  if (!force && ctx.secrets.accessToken && expiresAt - Date.now() > RENEW_BEFORE_MS) return ctx.secrets;
  const renewed = await renewToken(ctx.outbound, jiraClient(ctx), ctx.secrets);
  ctx.secrets = renewed;
  await ctx.saveSecrets(renewed);
  return renewed;
}

async function api<T>(ctx: JiraContext, method: string, path: string, body?: unknown): Promise<T> {
  const call = async (token: string) =>
    ctx.outbound.fetch(`${ctx.integrations.atlassianApiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: 30_000,
    });
  let response = await call((await freshSecrets(ctx)).accessToken!);
  if (response.status === 401) response = await call((await freshSecrets(ctx, true)).accessToken!);
  if (response.status < 200 || response.status >= 300) {
    // Jira names the refused fields in `errors` ({ customfield_10042: "…" }): their names help, values are not kept.
    let fields = '';
    try {
      fields = Object.keys((JSON.parse(response.body.toString('utf8')) as { errors?: Record<string, unknown> }).errors ?? {}).join(', ');
    } catch {
      // no JSON body
    }
    throw new ConnectorError('healthCheckFailed', `Jira ${method} → HTTP ${response.status}${fields ? ` (${fields.slice(0, 200)})` : ''}`);
  }
  return JSON.parse(response.body.toString('utf8') || '{}') as T;
}

/** The Jira site's REST base: the tenant id if given (and granted), else the first granted site. */
async function siteBase(ctx: JiraContext): Promise<string> {
  const sites = await api<{ id: string; url?: string }[]>(ctx, 'GET', '/oauth/token/accessible-resources');
  const site = jiraOf(ctx).tenantId === '' ? sites[0] : sites.find((entry) => entry.id === jiraOf(ctx).tenantId);
  if (site === undefined) throw new ConnectorError('healthCheckFailed', `accessible-resources: ${jiraOf(ctx).tenantId === '' ? '[]' : `${jiraOf(ctx).tenantId} ∉`}`);
  return `/ex/jira/${encodeURIComponent(site.id)}/rest/api/3`;
}

/** Atlassian Document Format: one paragraph per line. */
const documentOf = (text: string) => ({
  type: 'doc',
  version: 1,
  content: text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] })),
});

/** Jira labels are single words: spaces become underscores. */
const labelOf = (value: string) => value.trim().replace(/\s+/g, '_').slice(0, 255);

/** The issue's fields from the analysis's mapped values (custom fields by their id, one value or a list). */
export function issueFields(jira: JiraSettings, analysisName: string, result: WriteBack): Record<string, unknown> {
  const { summary = [], description = [], labels = [], ...custom } = result.tags;
  const text = [...description, ...(result.draft === null ? [] : [result.draft])].join('\n\n');
  return {
    project: { key: jira.projectKey },
    issuetype: { name: jira.issueType },
    summary: (summary.join(' · ') || analysisName).slice(0, 255),
    ...(text.trim() === '' ? {} : { description: documentOf(text) }),
    ...(labels.length === 0 ? {} : { labels: [...new Set(labels.map(labelOf))].filter((label) => label !== '') }),
    ...Object.fromEntries(Object.entries(custom).filter(([, values]) => values.length > 0).map(([field, values]) => [field, values.length === 1 ? values[0] : values])),
  };
}

export const jira = {
  async healthCheck(ctx: JiraContext): Promise<void> {
    const base = await siteBase(ctx);
    await api(ctx, 'GET', `${base}/project/${encodeURIComponent(jiraOf(ctx).projectKey)}`);
  },

  /** Creates the analysis's issue; answers its key ("SUP-12"). */
  async createIssue(ctx: JiraContext, analysisName: string, result: WriteBack): Promise<string> {
    const base = await siteBase(ctx);
    const created = await api<{ key: string }>(ctx, 'POST', `${base}/issue`, { fields: issueFields(jiraOf(ctx), analysisName, result) });
    return created.key;
  },
};

export const jiraDriver: ConnectorDriver = {
  customFieldsAsLabels: false,
  healthCheck: jira.healthCheck,
  async writeBack(ctx, _messageId, result, analysis) {
    await jira.createIssue(ctx, analysis.name, result);
  },
  oauth: {
    callbackPath: CONNECTOR_PROFILES.jira.callbackPath,
    configuredRedirectUri: (ctx) => jiraOf(ctx).redirectUri,
    authorizationUrl: (ctx, redirectUri, state, challenge) => jiraAuthorizationUrl(ctx.integrations, jiraOf(ctx), redirectUri, state, challenge),
    tokenEndpoint: (ctx, redirectUri) => jiraClient(ctx, redirectUri),
  },
};
