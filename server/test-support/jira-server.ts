/**
 * A local server speaking the subset of Atlassian's OAuth 2.0 (3LO) and the Jira Cloud REST API v3
 * that the issue-tracker connector uses (server/integrations/drivers/jira.ts), for tests: the third
 * party we cannot reach in CI, replaced by its protocol on a loopback port.
 *
 * OAuth: `GET /authorize` (audience api.atlassian.com) consents at once and redirects with a code and
 * the state; `POST /oauth/token` takes a JSON body, checks the client, the PKCE verifier and the
 * redirect URI, and **rotates** refresh tokens as Atlassian does (a used one is refused after).
 * API: `GET /oauth/token/accessible-resources`, and under `/ex/jira/{cloudId}/rest/api/3`:
 * `GET /project/{key}` and `POST /issue` (required fields checked, unknown custom fields refused).
 *
 * Browser tests use `GET /__control/state`, `POST /__control/config` and `POST /__control/reset`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, send } from './protocol-http';

export const JIRA_TEST_CLIENT = { clientId: 'postroom-jira-client', clientSecret: 'postroom-jira-secret' };
export const JIRA_TEST_SITE = { id: '11111111-2222-3333-4444-555555555555', name: 'postroom-test', url: 'https://postroom-test.atlassian.net' };
/** The project, issue types and custom fields the site has. */
export const JIRA_TEST_PROJECT = { key: 'SUP', issueTypes: ['Task', 'Bug'], customFields: ['customfield_10042'] };

export interface JiraIssue {
  key: string;
  fields: Record<string, unknown>;
}

export interface JiraState {
  issues: JiraIssue[];
  /** grant_type of each token request, in order. */
  tokenRequests: string[];
}

export interface JiraConfig {
  expiresInS: number;
  refuseRefresh: boolean;
}

export interface JiraTestServer {
  /** POSTROOM_ATLASSIAN_API_URL; `${url}/authorize` and `${url}/oauth/token` for OAuth. */
  url: string;
  state(): JiraState;
  config: JiraConfig;
  expireTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_CONFIG: JiraConfig = { expiresInS: 3600, refuseRefresh: false };

export async function startJiraTestServer(): Promise<JiraTestServer> {
  let issues: JiraIssue[] = [];
  let tokenRequests: string[] = [];
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const config: JiraConfig = { ...DEFAULT_CONFIG };

  const reset = () => {
    issues = [];
    tokenRequests = [];
    codes.clear();
    accessTokens.clear();
    refreshTokens.clear();
    Object.assign(config, DEFAULT_CONFIG);
  };
  const tokens = () => {
    const access = `atl.${randomBytes(16).toString('hex')}`;
    accessTokens.set(access, Date.now() + config.expiresInS * 1000);
    const refresh = `atr.${randomBytes(16).toString('hex')}`;
    refreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, expires_in: config.expiresInS, token_type: 'Bearer', scope: 'read:jira-work write:jira-work offline_access' };
  };

  async function oauthToken(request: IncomingMessage, response: ServerResponse) {
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return send(response, 415, { error: 'unsupported_media_type' });
    const body = JSON.parse(await readBody(request)) as Record<string, string>;
    tokenRequests.push(body.grant_type ?? '');
    if (body.client_id !== JIRA_TEST_CLIENT.clientId || body.client_secret !== JIRA_TEST_CLIENT.clientSecret) return send(response, 401, { error: 'access_denied' });
    if (body.grant_type === 'authorization_code') {
      const code = codes.get(body.code ?? '');
      codes.delete(body.code ?? '');
      if (code === undefined || code.redirectUri !== body.redirect_uri) return send(response, 403, { error: 'invalid_grant' });
      if (createHash('sha256').update(body.code_verifier ?? '').digest('base64url') !== code.challenge) return send(response, 403, { error: 'invalid_grant' });
      return send(response, 200, tokens());
    }
    if (body.grant_type === 'refresh_token') {
      // Rotating refresh tokens: each is good for one renewal.
      if (config.refuseRefresh || !refreshTokens.delete(body.refresh_token ?? '')) return send(response, 403, { error: 'unauthorized_client' });
      return send(response, 200, tokens());
    }
    return send(response, 400, { error: 'unsupported_grant_type' });
  }

  async function jira(request: IncomingMessage, response: ServerResponse, url: URL) {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const expires = accessTokens.get(token);
    if (expires === undefined || expires < Date.now()) return send(response, 401, { code: 401, message: 'Unauthorized' });
    if (url.pathname === '/oauth/token/accessible-resources') return send(response, 200, [{ ...JIRA_TEST_SITE, scopes: ['read:jira-work', 'write:jira-work'], avatarUrl: '' }]);
    const site = /^\/ex\/jira\/([^/]+)\/rest\/api\/3(\/.*)$/.exec(url.pathname);
    if (site === null || site[1] !== JIRA_TEST_SITE.id) return send(response, 404, { errorMessages: ['Site not found'] });
    const path = site[2]!;
    if (request.method === 'GET' && path === `/project/${JIRA_TEST_PROJECT.key}`) return send(response, 200, { key: JIRA_TEST_PROJECT.key, name: 'Support' });
    if (request.method === 'GET' && path.startsWith('/project/')) return send(response, 404, { errorMessages: ['No project could be found'] });
    if (request.method === 'POST' && path === '/issue') {
      const { fields = {} } = JSON.parse(await readBody(request)) as { fields?: Record<string, unknown> };
      const errors: Record<string, string> = {};
      if ((fields.project as { key?: string } | undefined)?.key !== JIRA_TEST_PROJECT.key) errors.project = 'valid project is required';
      if (!JIRA_TEST_PROJECT.issueTypes.includes((fields.issuetype as { name?: string } | undefined)?.name ?? '')) errors.issuetype = 'valid issue type is required';
      if (typeof fields.summary !== 'string' || fields.summary === '') errors.summary = 'You must specify a summary of the issue.';
      for (const name of Object.keys(fields)) {
        if (name.startsWith('customfield_') && !JIRA_TEST_PROJECT.customFields.includes(name)) errors[name] = `Field '${name}' cannot be set.`;
      }
      if (Array.isArray(fields.labels) && fields.labels.some((label) => typeof label !== 'string' || /\s/.test(label))) errors.labels = 'The label must not contain spaces.';
      if (Object.keys(errors).length > 0) return send(response, 400, { errorMessages: [], errors });
      const key = `${JIRA_TEST_PROJECT.key}-${issues.length + 1}`;
      issues.push({ key, fields });
      return send(response, 201, { id: String(10000 + issues.length), key, self: `${url.origin}/rest/api/3/issue/${key}` });
    }
    return send(response, 404, { errorMessages: ['Not found'] });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const handle = async () => {
      if (url.pathname === '/authorize') {
        const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
        redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (url.searchParams.get('client_id') !== JIRA_TEST_CLIENT.clientId || url.searchParams.get('audience') !== 'api.atlassian.com') {
          redirect.searchParams.set('error', 'access_denied');
        } else {
          const code = randomBytes(12).toString('hex');
          codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri: url.searchParams.get('redirect_uri') ?? '' });
          redirect.searchParams.set('code', code);
        }
        response.writeHead(302, { location: redirect.toString() });
        return response.end();
      }
      if (url.pathname === '/oauth/token' && request.method === 'POST') return oauthToken(request, response);
      if (url.pathname === '/__control/state') return send(response, 200, { issues, tokenRequests });
      if (url.pathname === '/__control/config' && request.method === 'POST') {
        Object.assign(config, JSON.parse(await readBody(request)) as Partial<JiraConfig>);
        return send(response, 200, config);
      }
      if (url.pathname === '/__control/reset' && request.method === 'POST') {
        reset();
        return send(response, 200, {});
      }
      return jira(request, response, url);
    };
    handle().catch((error: unknown) => send(response, 500, { errorMessages: [String(error)] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state: () => ({ issues: issues.map((issue) => ({ ...issue })), tokenRequests: [...tokenRequests] }),
    config,
    expireTokens: () => {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
    reset,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
