/**
 * CRM connector on Salesforce (REST API): signs in by the JWT bearer flow (RFC 7523, a short
 * assertion signed with the connector's private key; no refresh token — a new assertion each time the
 * session ends), by the username-password flow, or by the OAuth 2.0 web-server flow (authorized once
 * on the consent page, then renewed with its refresh token: salesforce-web-flow.ts), then creates a
 * Case per finished analysis or updates the open Case whose filter fields hold the same values (§3
 * custom case filters).
 */
import { importPKCS8, SignJWT } from 'jose';
import { CONNECTOR_PROFILES } from '../../../src/contract/integrations';
import { SALESFORCE_API_VERSION, type SalesforceSettings } from '../../../src/contract/integrations-salesforce';
import { ConnectorError } from '../errors';
import { salesforceAuthorizationUrl, salesforceClient, webServerSession } from './salesforce-web-flow';
import type { ConnectorDriver, DriverContext, WriteBack } from './types';

/**
 * Secrets: privateKey (jwt), clientSecret and password (credentials), clientSecret then refreshToken
 * (webServer); accessToken and instanceUrl once signed in.
 */
type SalesforceContext = DriverContext;

const salesforceOf = (ctx: Pick<DriverContext, 'settings'>): SalesforceSettings => {
  if (ctx.settings.type !== 'salesforce') throw new Error('not a Salesforce connector');
  return ctx.settings.salesforce;
};

const origin = (url: string) => new URL(url).origin;

/** The assertion's audience: Salesforce wants its login host, whatever My Domain the token is asked of. */
const audienceOf = (domain: string) => (/(^|\.)test\.salesforce\.com$|\.sandbox\.my\.salesforce\.com$/.test(new URL(domain).hostname) ? 'https://test.salesforce.com' : 'https://login.salesforce.com');

async function assertion(settings: SalesforceSettings, privateKeyPem: string, now = Date.now()): Promise<string> {
  let key: CryptoKey;
  try {
    key = await importPKCS8(privateKeyPem, 'RS256');
  } catch {
    throw new ConnectorError('missingSecret', 'privateKey');
  }
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256' })
    .setIssuer(settings.clientId)
    .setSubject(settings.user)
    .setAudience(audienceOf(settings.domain))
    .setExpirationTime(Math.floor(now / 1000) + 180)
    .sign(key);
}

/** Signs in (webServer: renews the session); answers the session token and the org's instance URL. Salesforce's error code is kept (§8). */
export async function signIn(ctx: SalesforceContext): Promise<{ accessToken: string; instanceUrl: string }> {
  const settings = salesforceOf(ctx);
  if (settings.type === 'webServer') return webServerSession(ctx, settings, true);
  let form: Record<string, string>;
  if (settings.type === 'jwt') {
    if (!ctx.secrets.privateKey) throw new ConnectorError('missingSecret', 'privateKey');
    form = { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: await assertion(settings, ctx.secrets.privateKey) };
  } else {
    if (!ctx.secrets.clientSecret) throw new ConnectorError('missingSecret', 'clientSecret');
    if (!ctx.secrets.password) throw new ConnectorError('missingSecret', 'password');
    form = { grant_type: 'password', client_id: settings.clientId, client_secret: ctx.secrets.clientSecret, username: settings.user, password: ctx.secrets.password };
  }
  const response = await ctx.outbound.fetch(`${origin(settings.domain)}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  let answer: { access_token?: string; instance_url?: string; error?: string } = {};
  try {
    answer = JSON.parse(response.body.toString('utf8')) as typeof answer;
  } catch {
    // judged by the status below
  }
  if (response.status !== 200 || !answer.access_token || !answer.instance_url) {
    throw new ConnectorError('authorizationFailed', typeof answer.error === 'string' ? answer.error.slice(0, 100) : `HTTP ${response.status}`);
  }
  const session = { accessToken: answer.access_token, instanceUrl: origin(answer.instance_url) };
  ctx.secrets = { ...ctx.secrets, ...session };
  await ctx.saveSecrets(ctx.secrets);
  return session;
}

async function api<T>(ctx: SalesforceContext, method: string, path: string, body?: unknown): Promise<T> {
  const call = (session: { accessToken: string; instanceUrl: string }) =>
    ctx.outbound.fetch(`${session.instanceUrl}/services/data/${SALESFORCE_API_VERSION}${path}`, {
      method,
      headers: { authorization: `Bearer ${session.accessToken}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: 30_000,
    });
  const settings = salesforceOf(ctx);
  const stored =
    settings.type === 'webServer'
      ? await webServerSession(ctx, settings)
      : ctx.secrets.accessToken && ctx.secrets.instanceUrl
        ? { accessToken: ctx.secrets.accessToken, instanceUrl: ctx.secrets.instanceUrl }
        : await signIn(ctx);
  let response = await call(stored);
  // The session ended (timeout, revoked): sign in again once.
  if (response.status === 401) response = await call(await signIn(ctx));
  if (response.status < 200 || response.status >= 300) {
    let code = '';
    try {
      code = ((JSON.parse(response.body.toString('utf8')) as { errorCode?: string }[])[0]?.errorCode ?? '').slice(0, 60);
    } catch {
      // no JSON body
    }
    throw new ConnectorError('healthCheckFailed', `Salesforce ${method} → HTTP ${response.status}${code ? ` (${code})` : ''}`);
  }
  return JSON.parse(response.body.toString('utf8') || '{}') as T;
}

/** A SOQL string literal (quotes and backslashes escaped). */
export const soqlLiteral = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The Case fields from the mapped values: one value as is, several as a multi-select picklist ("a;b"). */
export function caseFields(analysisName: string, result: WriteBack): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, values] of Object.entries(result.tags)) if (values.length > 0) fields[field] = values.join(';');
  if (result.draft !== null) fields.Description = [fields.Description, result.draft].filter(Boolean).join('\n\n');
  fields.Subject = (fields.Subject ?? analysisName).slice(0, 255);
  return fields;
}

export const salesforce = {
  async healthCheck(ctx: SalesforceContext): Promise<void> {
    // A login type proves its credentials anew; the web-server flow renews its session only when due.
    if (salesforceOf(ctx).type !== 'webServer') await signIn(ctx);
    await api(ctx, 'GET', '/sobjects/Case/describe');
  },

  /** Updates the open Case matching the filter fields' values, else creates one; answers its id. */
  async writeCase(ctx: SalesforceContext, analysisName: string, result: WriteBack): Promise<{ id: string; created: boolean }> {
    const fields = caseFields(analysisName, result);
    const filters = salesforceOf(ctx).customCaseFilters.map((filter) => filter.field);
    if (filters.length > 0 && filters.every((field) => fields[field] !== undefined)) {
      const where = filters.map((field) => `${field} = ${soqlLiteral(fields[field]!)}`).join(' AND ');
      const found = await api<{ records?: { Id: string }[] }>(ctx, 'GET', `/query?q=${encodeURIComponent(`SELECT Id FROM Case WHERE IsClosed = false AND ${where} ORDER BY CreatedDate DESC LIMIT 1`)}`);
      const existing = found.records?.[0]?.Id;
      if (existing !== undefined) {
        await api(ctx, 'PATCH', `/sobjects/Case/${encodeURIComponent(existing)}`, fields);
        return { id: existing, created: false };
      }
    }
    const created = await api<{ id: string }>(ctx, 'POST', '/sobjects/Case', fields);
    return { id: created.id, created: true };
  },
};

export const salesforceDriver: ConnectorDriver = {
  customFieldsAsLabels: false,
  healthCheck: salesforce.healthCheck,
  /** §4: signing in proves the certificate is in place (or the credentials right); not for webServer (consent page). */
  async authorizeNow(ctx) {
    await signIn(ctx);
  },
  async writeBack(ctx, _messageId, result, analysis) {
    await salesforce.writeCase(ctx, analysis.name, result);
  },
  /** The web-server type's consent page (routes use it when authorizationOf(settings) is `oauth`). */
  oauth: {
    callbackPath: CONNECTOR_PROFILES.salesforce.callbackPath,
    configuredRedirectUri: (ctx) => salesforceOf(ctx).redirectUri,
    authorizationUrl: (ctx, redirectUri, state, challenge) => salesforceAuthorizationUrl(salesforceOf(ctx), redirectUri, state, challenge),
    tokenEndpoint: (ctx, redirectUri) => salesforceClient(salesforceOf(ctx), ctx.secrets, redirectUri),
  },
  /** expectConsolidation: a Case is written only with the consolidation module's result. */
  checkAnalysis(ctx, modules) {
    if (!salesforceOf(ctx).expectConsolidation) return;
    if (!modules.some((module) => module.type === 'consolidation' && module.outcome === 'success')) throw new ConnectorError('consolidationMissing');
  },
};
