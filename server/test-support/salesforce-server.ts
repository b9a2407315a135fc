/**
 * A local server speaking the subset of Salesforce's OAuth 2.0 and REST API that the CRM connector
 * uses (server/integrations/drivers/salesforce.ts), for tests.
 *
 * `POST /services/oauth2/token`: the JWT bearer grant, whose assertion is verified (RS256) against the
 * certificate placed in the connected app (`placeCertificate`, as the admin does; before that, or
 * while `propagating`, Salesforce answers `invalid_client`), issuer = consumer key, subject = the
 * user, audience = https://login.salesforce.com; the password grant; and the web-server flow:
 * `GET /services/oauth2/authorize` approves at once (the user is signed in and consents) and redirects
 * to the redirect URI with a code and the state, the `authorization_code` grant checks the client, the
 * redirect URI and the PKCE verifier (S256) and answers a refresh token, the `refresh_token` grant
 * renews the session (no new refresh token, as Salesforce) until `revokeRefreshTokens()`. Like
 * Salesforce, token answers give no `expires_in`. The instance URL is this server. API under `/services/data/v60.0`: `GET /sobjects/Case/describe`, `GET /query` (the
 * connector's one query shape: open Cases by field equality), `POST /sobjects/Case`,
 * `PATCH /sobjects/Case/{id}`. Sessions end when `endSessions()` is called (401 INVALID_SESSION_ID).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, send } from './protocol-http';
import { importX509, jwtVerify } from 'jose';

export const SALESFORCE_TEST_APP = { clientId: '3MVG9-postroom-consumer-key', clientSecret: 'postroom-sf-secret', user: 'integration@acme.example', password: 'Passw0rd!tok3n' };
const CASE_FIELDS = ['Subject', 'Description', 'Status', 'Category__c', 'Contract_Number__c'];

export interface SalesforceCase {
  Id: string;
  IsClosed: boolean;
  fields: Record<string, string>;
}

export interface SalesforceTestServer {
  url: string;
  cases(): SalesforceCase[];
  /** The admin uploads the certificate to the connected app. */
  placeCertificate(pem: string): void;
  /** The certificate is placed but Salesforce has not taken it yet (§9: up to 10 minutes). */
  propagating: boolean;
  addCase(fields: Record<string, string>, closed?: boolean): string;
  endSessions(): void;
  tokenRequests(): string[];
  /** The connected app's refresh tokens are revoked (a renewal is then refused with invalid_grant). */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

/** `IsClosed = false AND A = 'x' AND B = 'y\'s'` → the equalities (the connector's query shape only). */
function equalities(soql: string): Record<string, string> | null {
  const where = /^SELECT Id FROM Case WHERE IsClosed = false AND (.*) ORDER BY CreatedDate DESC LIMIT 1$/.exec(soql)?.[1];
  if (where === undefined) return null;
  const found: Record<string, string> = {};
  const pattern = /(\w+) = '((?:[^'\\]|\\.)*)'(?: AND |$)/gy;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = pattern.exec(where)) !== null) {
    found[match[1]!] = match[2]!.replace(/\\(.)/g, '$1');
    end = pattern.lastIndex;
  }
  return end === where.length ? found : null;
}

export async function startSalesforceTestServer(): Promise<SalesforceTestServer> {
  let certificate: string | null = null;
  const sessions = new Set<string>();
  const tokenRequests: string[] = [];
  const cases: SalesforceCase[] = [];
  let url = '';
  const state = { propagating: false };
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const refreshTokens = new Set<string>();

  const addCase = (fields: Record<string, string>, closed = false) => {
    const id = `500${randomBytes(6).toString('hex')}`;
    cases.push({ Id: id, IsClosed: closed, fields: { ...fields } });
    return id;
  };
  const session = () => {
    const token = `00D!${randomBytes(16).toString('hex')}`;
    sessions.add(token);
    return { access_token: token, instance_url: url, token_type: 'Bearer', id: `${url}/id/00D/005`, issued_at: String(Date.now()) };
  };

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const grant = form.get('grant_type') ?? '';
    tokenRequests.push(grant);
    if (grant === 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      if (certificate === null || state.propagating) return send(response, 400, { error: 'invalid_client', error_description: 'invalid client credentials' });
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', await importX509(certificate, 'RS256'), { audience: 'https://login.salesforce.com', issuer: SALESFORCE_TEST_APP.clientId });
        if (payload.sub !== SALESFORCE_TEST_APP.user) return send(response, 400, { error: 'invalid_grant', error_description: 'user hasn’t approved this consumer' });
      } catch {
        return send(response, 400, { error: 'invalid_grant', error_description: 'invalid assertion' });
      }
      return send(response, 200, session());
    }
    if (grant === 'password') {
      const ok =
        form.get('client_id') === SALESFORCE_TEST_APP.clientId &&
        form.get('client_secret') === SALESFORCE_TEST_APP.clientSecret &&
        form.get('username') === SALESFORCE_TEST_APP.user &&
        form.get('password') === SALESFORCE_TEST_APP.password;
      return ok ? send(response, 200, session()) : send(response, 400, { error: 'invalid_grant', error_description: 'authentication failure' });
    }
    const client = form.get('client_id') === SALESFORCE_TEST_APP.clientId && form.get('client_secret') === SALESFORCE_TEST_APP.clientSecret;
    if (grant === 'authorization_code') {
      if (!client) return send(response, 400, { error: 'invalid_client', error_description: 'invalid client credentials' });
      const issued = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (issued === undefined) return send(response, 400, { error: 'invalid_grant', error_description: 'invalid authorization code' });
      if (issued.redirectUri !== form.get('redirect_uri')) return send(response, 400, { error: 'redirect_uri_mismatch', error_description: 'redirect_uri must match configuration' });
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== issued.challenge) return send(response, 400, { error: 'invalid_grant', error_description: 'invalid code verifier' });
      const refresh = `5Aep${randomBytes(16).toString('hex')}`;
      refreshTokens.add(refresh);
      return send(response, 200, { ...session(), refresh_token: refresh, scope: 'api refresh_token' });
    }
    if (grant === 'refresh_token') {
      if (!client) return send(response, 400, { error: 'invalid_client', error_description: 'invalid client credentials' });
      if (!refreshTokens.has(form.get('refresh_token') ?? '')) return send(response, 400, { error: 'invalid_grant', error_description: 'expired access/refresh token' });
      return send(response, 200, session());
    }
    return send(response, 400, { error: 'unsupported_grant_type' });
  }

  /** The consent page, approved at once: back to the redirect URI with a code (or Salesforce's error). */
  function authorize(response: ServerResponse, query: URLSearchParams) {
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== SALESFORCE_TEST_APP.clientId || !URL.canParse(redirectUri)) return send(response, 400, { error: 'invalid_client_id', error_description: 'client identifier invalid' });
    const back = new URL(redirectUri);
    const challenge = query.get('code_challenge') ?? '';
    if (query.get('response_type') !== 'code' || query.get('code_challenge_method') !== 'S256' || challenge === '') {
      back.searchParams.set('error', 'invalid_request');
    } else {
      const code = `aPrx${randomBytes(16).toString('hex')}`;
      codes.set(code, { challenge, redirectUri });
      back.searchParams.set('code', code);
    }
    if (query.has('state')) back.searchParams.set('state', query.get('state')!);
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  async function data(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams) {
    if (!sessions.has((request.headers.authorization ?? '').replace(/^Bearer /, ''))) return send(response, 401, [{ errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' }]);
    const method = request.method ?? 'GET';
    if (method === 'GET' && path === '/sobjects/Case/describe') return send(response, 200, { name: 'Case', fields: CASE_FIELDS.map((name) => ({ name })) });
    if (method === 'GET' && path === '/query') {
      const wanted = equalities(query.get('q') ?? '');
      if (wanted === null) return send(response, 400, [{ errorCode: 'MALFORMED_QUERY', message: 'unexpected query' }]);
      const found = cases.filter((c) => !c.IsClosed && Object.entries(wanted).every(([field, value]) => c.fields[field] === value)).reverse();
      return send(response, 200, { totalSize: Math.min(found.length, 1), done: true, records: found.slice(0, 1).map((c) => ({ Id: c.Id })) });
    }
    const body = method === 'POST' || method === 'PATCH' ? (JSON.parse(await readBody(request)) as Record<string, string>) : {};
    const unknown = Object.keys(body).find((field) => !CASE_FIELDS.includes(field));
    if (unknown !== undefined) return send(response, 400, [{ errorCode: 'INVALID_FIELD', message: `No such column '${unknown}' on sobject of type Case` }]);
    if (method === 'POST' && path === '/sobjects/Case') return send(response, 201, { id: addCase(body), success: true, errors: [] });
    const one = /^\/sobjects\/Case\/(\w+)$/.exec(path);
    const existing = one === null ? undefined : cases.find((c) => c.Id === one[1]);
    if (method === 'PATCH' && existing !== undefined) {
      Object.assign(existing.fields, body);
      return send(response, 204, undefined);
    }
    return send(response, 404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  }

  const server = createServer((request, response) => {
    const parsed = new URL(request.url ?? '/', 'http://127.0.0.1');
    const handle = async () => {
      if (parsed.pathname === '/services/oauth2/token' && request.method === 'POST') return token(request, response);
      if (parsed.pathname === '/services/oauth2/authorize' && request.method === 'GET') return authorize(response, parsed.searchParams);
      const data_ = /^\/services\/data\/v60\.0(\/.*)$/.exec(parsed.pathname);
      if (data_ !== null) return data(request, response, data_[1]!, parsed.searchParams);
      return send(response, 404, [{ errorCode: 'NOT_FOUND', message: 'Not found' }]);
    };
    handle().catch((error: unknown) => send(response, 500, [{ errorCode: 'UNKNOWN_EXCEPTION', message: String(error) }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    cases: () => cases.map((c) => ({ ...c, fields: { ...c.fields } })),
    placeCertificate: (pem) => {
      certificate = pem;
    },
    get propagating() {
      return state.propagating;
    },
    set propagating(value: boolean) {
      state.propagating = value;
    },
    addCase,
    endSessions: () => sessions.clear(),
    tokenRequests: () => [...tokenRequests],
    revokeRefreshTokens: () => refreshTokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
