/**
 * A local server speaking the subset of Google OAuth 2.0 and the Gmail API v1 that the webmail
 * connector uses (server/integrations/drivers/gmail.ts), for tests: the third party we cannot reach
 * in CI, replaced by its protocol on a loopback port.
 *
 * OAuth: `GET /o/oauth2/v2/auth` consents at once and redirects to `redirect_uri` with a code and the
 * state (or with `error=access_denied` when told to deny); `POST /token` checks the client, the PKCE
 * verifier against the challenge, and the redirect URI, and renews with the refresh token (unless
 * told to refuse). Gmail: profile, messages list (`q=after:S before:S`), raw message, labels, modify,
 * drafts — all with a Bearer access token that expires after `expiresInS`.
 *
 * Tests in the same process use the methods; browser tests use the control routes:
 * `POST /__control/messages` ({ raw, receivedAt }), `GET /__control/state`, `POST /__control/config`
 * ({ expiresInS?, refuseRefresh?, deny? }), `POST /__control/reset`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, send } from './protocol-http';

export const GMAIL_TEST_CLIENT = { clientId: 'postroom-test-client', clientSecret: 'postroom-test-secret' };

interface StoredMessage {
  id: string;
  threadId: string;
  raw: Buffer;
  receivedAt: number;
  labelIds: string[];
}

export interface GmailState {
  messages: { id: string; threadId: string; labels: string[] }[];
  drafts: { threadId: string; raw: string }[];
  labels: { id: string; name: string }[];
  /** grant_type of each token request, in order. */
  tokenRequests: string[];
}

export interface GmailConfig {
  expiresInS: number;
  refuseRefresh: boolean;
  deny: boolean;
  /**
   * The next label list leaves this label out, as if another process created it just after the list
   * was read: the client's creation of it then answers 409, as Gmail does for a name that exists.
   */
  labelListedLate: string | null;
}

export interface GmailTestServer {
  /** Base URL: POSTROOM_GMAIL_API_URL; `${url}/o/oauth2/v2/auth` and `${url}/token` for OAuth. */
  url: string;
  addMessage(raw: string | Buffer, receivedAt?: Date): string;
  state(): GmailState;
  config: GmailConfig;
  /** Makes every access token handed out so far expired (renewal tests). */
  expireTokens(): void;
  /** A refresh token as if a user had consented (tests that store an authorized connector directly). */
  grantRefreshToken(): string;
  reset(): void;
  close(): Promise<void>;
}

/**
 * The integration settings that point the server at this local Gmail, signing in with the platform's
 * own client (the self-service webmail); connector rounds driven by the test, not by the timer.
 */
export function platformGmailSettings(url: string) {
  return {
    googleAuthorizeUrl: `${url}/o/oauth2/v2/auth`,
    googleTokenUrl: `${url}/token`,
    gmailApiUrl: url,
    platformClientId: GMAIL_TEST_CLIENT.clientId,
    platformClientSecret: GMAIL_TEST_CLIENT.clientSecret,
    pollMs: 3_600_000,
  };
}

const DEFAULT_CONFIG: GmailConfig = { expiresInS: 3600, refuseRefresh: false, deny: false, labelListedLate: null };

export async function startGmailTestServer(): Promise<GmailTestServer> {
  let messages: StoredMessage[] = [];
  let labels: { id: string; name: string }[] = [];
  let drafts: { threadId: string; raw: string }[] = [];
  let tokenRequests: string[] = [];
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const config: GmailConfig = { ...DEFAULT_CONFIG };
  let counter = 0;

  const addMessage = (raw: string | Buffer, receivedAt = new Date()) => {
    counter += 1;
    const id = `m${counter.toString(16).padStart(6, '0')}`;
    messages.push({ id, threadId: `t${id}`, raw: Buffer.from(raw), receivedAt: receivedAt.getTime(), labelIds: ['INBOX'] });
    return id;
  };
  const state = (): GmailState => ({
    messages: messages.map((m) => ({ id: m.id, threadId: m.threadId, labels: m.labelIds.map((id) => labels.find((l) => l.id === id)?.name ?? id) })),
    drafts: [...drafts],
    labels: [...labels],
    tokenRequests: [...tokenRequests],
  });
  const reset = () => {
    messages = [];
    labels = [];
    drafts = [];
    tokenRequests = [];
    codes.clear();
    accessTokens.clear();
    refreshTokens.clear();
    Object.assign(config, DEFAULT_CONFIG);
  };
  const issueAccess = () => {
    const token = `ya29.${randomBytes(16).toString('hex')}`;
    accessTokens.set(token, Date.now() + config.expiresInS * 1000);
    return token;
  };

  async function oauthToken(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const grant = form.get('grant_type') ?? '';
    tokenRequests.push(grant);
    if (form.get('client_id') !== GMAIL_TEST_CLIENT.clientId || form.get('client_secret') !== GMAIL_TEST_CLIENT.clientSecret) {
      return send(response, 401, { error: 'invalid_client' });
    }
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (code === undefined || code.redirectUri !== form.get('redirect_uri')) return send(response, 400, { error: 'invalid_grant' });
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return send(response, 400, { error: 'invalid_grant' });
      const refresh = `1//${randomBytes(16).toString('hex')}`;
      refreshTokens.add(refresh);
      return send(response, 200, { access_token: issueAccess(), refresh_token: refresh, expires_in: config.expiresInS, token_type: 'Bearer' });
    }
    if (grant === 'refresh_token') {
      if (config.refuseRefresh || !refreshTokens.has(form.get('refresh_token') ?? '')) return send(response, 400, { error: 'invalid_grant' });
      return send(response, 200, { access_token: issueAccess(), expires_in: config.expiresInS, token_type: 'Bearer' });
    }
    return send(response, 400, { error: 'unsupported_grant_type' });
  }

  async function gmail(request: IncomingMessage, response: ServerResponse, url: URL) {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const expires = accessTokens.get(token);
    if (expires === undefined || expires < Date.now()) return send(response, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    const path = url.pathname.replace('/gmail/v1/users/me', '');
    const method = request.method ?? 'GET';
    if (method === 'GET' && path === '/profile') return send(response, 200, { emailAddress: 'mailbox@example.com', messagesTotal: messages.length });
    if (method === 'GET' && path === '/messages') {
      const query = url.searchParams.get('q') ?? '';
      const after = Number(/after:(\d+)/.exec(query)?.[1] ?? 0);
      const before = Number(/before:(\d+)/.exec(query)?.[1] ?? Number.MAX_SAFE_INTEGER);
      const found = messages.filter((m) => m.receivedAt / 1000 >= after && m.receivedAt / 1000 < before);
      return send(response, 200, { messages: found.map((m) => ({ id: m.id, threadId: m.threadId })), resultSizeEstimate: found.length });
    }
    const one = /^\/messages\/([^/]+)(\/modify)?$/.exec(path);
    if (one !== null) {
      const message = messages.find((m) => m.id === decodeURIComponent(one[1]!));
      if (message === undefined) return send(response, 404, { error: { code: 404, message: 'Not Found' } });
      if (method === 'GET' && one[2] === undefined) {
        return send(response, 200, { id: message.id, threadId: message.threadId, labelIds: message.labelIds, internalDate: String(message.receivedAt), raw: message.raw.toString('base64url') });
      }
      if (method === 'POST' && one[2] === '/modify') {
        const body = JSON.parse(await readBody(request)) as { addLabelIds?: string[] };
        for (const id of body.addLabelIds ?? []) {
          if (!labels.some((l) => l.id === id)) return send(response, 400, { error: { code: 400, message: `Invalid label: ${id}` } });
          if (!message.labelIds.includes(id)) message.labelIds.push(id);
        }
        return send(response, 200, { id: message.id, labelIds: message.labelIds });
      }
    }
    if (path === '/labels' && method === 'GET') {
      const late = config.labelListedLate;
      config.labelListedLate = null;
      return send(response, 200, { labels: labels.filter((label) => label.name !== late) });
    }
    if (path === '/labels' && method === 'POST') {
      const body = JSON.parse(await readBody(request)) as { name?: string };
      if (!body.name || labels.some((l) => l.name === body.name)) return send(response, 409, { error: { code: 409, message: 'Label name exists or conflicts' } });
      const label = { id: `Label_${labels.length + 1}`, name: body.name };
      labels.push(label);
      return send(response, 200, label);
    }
    if (path === '/drafts' && method === 'POST') {
      const body = JSON.parse(await readBody(request)) as { message?: { raw?: string; threadId?: string } };
      drafts.push({ threadId: body.message?.threadId ?? '', raw: Buffer.from(body.message?.raw ?? '', 'base64url').toString('utf8') });
      return send(response, 200, { id: `r${drafts.length}`, message: { threadId: body.message?.threadId } });
    }
    return send(response, 404, { error: { code: 404, message: 'Not Found' } });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const handle = async () => {
      if (url.pathname === '/o/oauth2/v2/auth') {
        const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
        redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (config.deny || url.searchParams.get('client_id') !== GMAIL_TEST_CLIENT.clientId) {
          redirect.searchParams.set('error', 'access_denied');
        } else {
          const code = `4/${randomBytes(12).toString('hex')}`;
          codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri: url.searchParams.get('redirect_uri') ?? '' });
          redirect.searchParams.set('code', code);
        }
        response.writeHead(302, { location: redirect.toString() });
        return response.end();
      }
      if (url.pathname === '/token' && request.method === 'POST') return oauthToken(request, response);
      if (url.pathname.startsWith('/gmail/v1/users/me')) return gmail(request, response, url);
      if (url.pathname === '/__control/messages' && request.method === 'POST') {
        const body = JSON.parse(await readBody(request)) as { raw: string; receivedAt?: string };
        return send(response, 200, { id: addMessage(body.raw, body.receivedAt ? new Date(body.receivedAt) : new Date()) });
      }
      if (url.pathname === '/__control/state') return send(response, 200, state());
      if (url.pathname === '/__control/config' && request.method === 'POST') {
        Object.assign(config, JSON.parse(await readBody(request)) as Partial<GmailConfig>);
        return send(response, 200, config);
      }
      if (url.pathname === '/__control/reset' && request.method === 'POST') {
        reset();
        return send(response, 200, { reset: true });
      }
      return send(response, 404, { error: 'not found' });
    };
    handle().catch(() => send(response, 500, { error: 'test server failure' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    addMessage,
    state,
    config,
    expireTokens: () => {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
    grantRefreshToken: () => {
      const refresh = `1//${randomBytes(16).toString('hex')}`;
      refreshTokens.add(refresh);
      return refresh;
    },
    reset,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
