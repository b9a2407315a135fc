/**
 * A local OAuth 2.0 authorization server for the mail-server connector's OAuth sign-in, the part of
 * Google's or Microsoft's identity platform a mail server trusts, on a loopback port:
 * `GET /authorize` consents at once and redirects to `redirect_uri` with a code and the state;
 * `POST /token` checks the client, the PKCE verifier against the challenge and the redirect URI, and
 * renews with the refresh token (unless told to refuse); `POST /introspect` (RFC 7662) is what the
 * real Dovecot's `oauth2` passdb and the test SMTP server ask to judge an access token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, send } from './protocol-http';

export const MAIL_OAUTH_TEST_CLIENT = { clientId: 'postroom-mail-client', clientSecret: 'postroom-mail-secret' };

export interface MailOAuthTestServer {
  url: string;
  /** `${url}/introspect`: Dovecot's introspection_url. */
  introspectionUrl: string;
  /** Whether an access token is live, and for whom (the SMTP server's check). */
  userOf(accessToken: string): string | null;
  /** Expires every access token handed out so far (renewal tests). */
  expireTokens(): void;
  config: { refuseRefresh: boolean };
  /** The grant_type of each token request and the scope of each consent, in order. */
  state(): { tokenRequests: string[]; scopes: string[]; introspections: number };
  close(): Promise<void>;
}

export async function startMailOAuthServer(user: string): Promise<MailOAuthTestServer> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const tokenRequests: string[] = [];
  const scopes: string[] = [];
  let introspections = 0;
  const config = { refuseRefresh: false };

  const issueAccess = () => {
    const token = `mail-at-${randomBytes(16).toString('hex')}`;
    accessTokens.set(token, Date.now() + 3_600_000);
    return token;
  };
  const userOf = (token: string) => ((accessTokens.get(token) ?? 0) > Date.now() ? user : null);

  function authorize(url: URL, response: ServerResponse) {
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
    if (url.searchParams.get('client_id') !== MAIL_OAUTH_TEST_CLIENT.clientId || url.searchParams.get('code_challenge_method') !== 'S256') {
      redirect.searchParams.set('error', 'invalid_request');
    } else {
      const code = randomBytes(12).toString('hex');
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri: redirect.toString() });
      scopes.push(url.searchParams.get('scope') ?? '');
      redirect.searchParams.set('code', code);
    }
    redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
    response.writeHead(302, { location: redirect.toString() });
    response.end();
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const grant = form.get('grant_type') ?? '';
    tokenRequests.push(grant);
    if (form.get('client_id') !== MAIL_OAUTH_TEST_CLIENT.clientId || form.get('client_secret') !== MAIL_OAUTH_TEST_CLIENT.clientSecret) return send(response, 401, { error: 'invalid_client' });
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verified = code !== undefined && code.redirectUri === form.get('redirect_uri') && createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === code.challenge;
      if (!verified) return send(response, 400, { error: 'invalid_grant' });
      const refresh = `mail-rt-${randomBytes(16).toString('hex')}`;
      refreshTokens.add(refresh);
      return send(response, 200, { access_token: issueAccess(), refresh_token: refresh, expires_in: 3600, token_type: 'Bearer' });
    }
    if (grant === 'refresh_token') {
      if (config.refuseRefresh || !refreshTokens.has(form.get('refresh_token') ?? '')) return send(response, 400, { error: 'invalid_grant' });
      return send(response, 200, { access_token: issueAccess(), expires_in: 3600, token_type: 'Bearer' });
    }
    return send(response, 400, { error: 'unsupported_grant_type' });
  }

  async function introspect(request: IncomingMessage, response: ServerResponse) {
    introspections += 1;
    const owner = userOf(new URLSearchParams(await readBody(request)).get('token') ?? '');
    send(response, 200, owner === null ? { active: false } : { active: true, username: owner, scope: 'mail' });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = `${request.method} ${url.pathname}`;
    const handled =
      route === 'GET /authorize' ? authorize(url, response) : route === 'POST /token' ? token(request, response) : route === 'POST /introspect' ? introspect(request, response) : send(response, 404, { error: 'not_found' });
    void Promise.resolve(handled).catch(() => send(response, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    introspectionUrl: `${url}/introspect`,
    userOf,
    expireTokens: () => {
      for (const key of accessTokens.keys()) accessTokens.set(key, 0);
    },
    config,
    state: () => ({ tokenRequests: [...tokenRequests], scopes: [...scopes], introspections }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
