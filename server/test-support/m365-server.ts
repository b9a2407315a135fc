/**
 * A local server speaking the subset of the Microsoft identity platform and Microsoft Graph v1.0
 * that the Microsoft 365 connector uses (server/integrations/drivers/m365.ts), for tests: the third
 * party we cannot reach in CI, replaced by its protocol on a loopback port.
 *
 * Identity: `POST /{tenant}/oauth2/v2.0/token` grants client credentials to the one registered app
 * (tenant, client id, secret and the `.default` Graph scope checked; refused when told to).
 * Graph, with a Bearer token that expires after `expiresInS`, for the one mailbox `M365_TEST_APP.user`:
 * Inbox messages (all, or filtered on `receivedDateTime ge … and receivedDateTime lt …`), paged by `$top` with
 * an absolute `@odata.nextLink`; `messages/{id}/$value` (MIME source); `messages/{id}?$select=categories`;
 * PATCH `categories`, `singleValueExtendedProperties` and `body`; POST `messages/{id}/createReply`.
 *
 * Tests in the same process use the methods; browser tests use the control routes:
 * `POST /__control/messages` ({ raw, receivedAt }), `GET /__control/state`, `POST /__control/config`
 * ({ expiresInS?, refuseToken?, maxPageSize? }), `POST /__control/reset`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, send } from './protocol-http';

export const M365_TEST_APP = {
  tenantId: 'contoso.onmicrosoft.com',
  clientId: '6a1f0c52-3e0d-4b8e-9d0e-0f4c2a7b9e11',
  clientSecret: 'Qx8~postroom-test-secret',
  user: 'support@contoso.com',
};

interface StoredMessage {
  id: string;
  raw: Buffer;
  receivedAt: number;
  categories: string[];
  properties: Record<string, string>;
}

export interface M365Draft {
  id: string;
  replyTo: string;
  subject: string;
  body: string;
}

export interface M365State {
  messages: { id: string; categories: string[]; properties: Record<string, string> }[];
  drafts: M365Draft[];
  /** grant_type of each token request, in order. */
  tokenRequests: string[];
}

export interface M365Config {
  expiresInS: number;
  refuseToken: boolean;
  /** Graph's own cap on a page, whatever `$top` asks (paging tests). */
  maxPageSize: number;
}

export interface M365TestServer {
  /** POSTROOM_M365_LOGIN_URL and POSTROOM_GRAPH_API_URL both. */
  url: string;
  addMessage(raw: string | Buffer, receivedAt?: Date): string;
  state(): M365State;
  config: M365Config;
  /** Makes every access token handed out so far expired (renewal tests). */
  expireTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

const graphError = (response: ServerResponse, status: number, code: string) => send(response, status, { error: { code, message: code } });

const DEFAULT_CONFIG: M365Config = { expiresInS: 3600, refuseToken: false, maxPageSize: 100 };
const FILTER = /^receivedDateTime ge (\S+) and receivedDateTime lt (\S+)$/;
const subjectOf = (raw: Buffer) => /^Subject: (.*)$/im.exec(raw.toString('utf8'))?.[1]?.trim() ?? '';

export async function startM365TestServer(): Promise<M365TestServer> {
  let messages: StoredMessage[] = [];
  let drafts: M365Draft[] = [];
  let tokenRequests: string[] = [];
  const accessTokens = new Map<string, number>();
  const config: M365Config = { ...DEFAULT_CONFIG };
  let counter = 0;
  let url = '';

  const addMessage = (raw: string | Buffer, receivedAt = new Date()) => {
    counter += 1;
    // Graph ids are base64 with '=', '/' or '+' in them: the driver must encode them in paths.
    const id = `AAMkAG${counter.toString(16).padStart(6, '0')}+x/y=`;
    messages.push({ id, raw: Buffer.from(raw), receivedAt: receivedAt.getTime(), categories: [], properties: {} });
    return id;
  };
  const state = (): M365State => ({
    messages: messages.map((m) => ({ id: m.id, categories: [...m.categories], properties: { ...m.properties } })),
    drafts: drafts.map((d) => ({ ...d })),
    tokenRequests: [...tokenRequests],
  });
  const reset = () => {
    messages = [];
    drafts = [];
    tokenRequests = [];
    accessTokens.clear();
    Object.assign(config, DEFAULT_CONFIG);
  };

  async function token(request: IncomingMessage, response: ServerResponse, tenant: string) {
    const form = new URLSearchParams(await readBody(request));
    tokenRequests.push(form.get('grant_type') ?? '');
    if (tenant !== M365_TEST_APP.tenantId) return send(response, 400, { error: 'invalid_request', error_description: 'AADSTS90002: Tenant not found.' });
    if (config.refuseToken || form.get('client_id') !== M365_TEST_APP.clientId || form.get('client_secret') !== M365_TEST_APP.clientSecret) {
      return send(response, 401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
    }
    if (form.get('grant_type') !== 'client_credentials' || form.get('scope') !== 'https://graph.microsoft.com/.default') return send(response, 400, { error: 'invalid_scope' });
    const access = `eyJ0eXAi.${randomBytes(16).toString('hex')}`;
    accessTokens.set(access, Date.now() + config.expiresInS * 1000);
    return send(response, 200, { token_type: 'Bearer', expires_in: config.expiresInS, ext_expires_in: config.expiresInS, access_token: access });
  }

  function list(response: ServerResponse, query: URLSearchParams, path: string) {
    const given = query.get('$filter');
    const filter = given === null ? null : FILTER.exec(given);
    if (given !== null && filter === null) return graphError(response, 400, 'BadRequest');
    const [from, to] = filter === null ? [-Infinity, Infinity] : [Date.parse(filter[1]!), Date.parse(filter[2]!)];
    const top = Math.min(Number(query.get('$top') ?? 10), config.maxPageSize);
    const skip = Number(query.get('$skip') ?? 0);
    const matching = messages.filter((m) => m.receivedAt >= from && m.receivedAt < to).sort((a, b) => a.receivedAt - b.receivedAt);
    const page = matching.slice(skip, skip + top);
    const next = new URLSearchParams(query);
    next.set('$skip', String(skip + top));
    return send(response, 200, {
      value: page.map((m) => ({ id: m.id, receivedDateTime: new Date(m.receivedAt).toISOString() })),
      ...(skip + top < matching.length ? { '@odata.nextLink': `${url}${path}?${next}` } : {}),
    });
  }

  async function graph(request: IncomingMessage, response: ServerResponse, address: URL, rest: string[]) {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if ((accessTokens.get(bearer) ?? 0) <= Date.now()) return graphError(response, 401, 'InvalidAuthenticationToken');
    const method = request.method ?? 'GET';
    if (rest.join('/') === 'mailFolders/inbox/messages' && method === 'GET') return list(response, address.searchParams, address.pathname);
    if (rest[0] !== 'messages' || rest[1] === undefined) return graphError(response, 404, 'ResourceNotFound');
    const id = rest[1];
    const message = messages.find((m) => m.id === id);
    const draft = drafts.find((d) => d.id === id);
    if (rest[2] === '$value' && message && method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end(message.raw);
    }
    if (rest[2] === 'createReply' && message && method === 'POST') {
      const created = { id: `AAMkDR${randomBytes(6).toString('hex')}=`, replyTo: message.id, subject: `RE: ${subjectOf(message.raw)}`, body: '' };
      drafts.push(created);
      return send(response, 201, { id: created.id, subject: created.subject, isDraft: true });
    }
    if (rest.length !== 2) return graphError(response, 404, 'ResourceNotFound');
    if (method === 'GET' && message) return send(response, 200, { id, categories: message.categories });
    if (method === 'PATCH' && (message || draft)) {
      const body = JSON.parse(await readBody(request)) as { categories?: string[]; singleValueExtendedProperties?: { id: string; value: string }[]; body?: { content?: string } };
      if (message && body.categories) message.categories = body.categories;
      for (const property of body.singleValueExtendedProperties ?? []) if (message) message.properties[property.id] = property.value;
      if (draft && body.body?.content !== undefined) draft.body = body.body.content;
      return send(response, 200, { id });
    }
    return graphError(response, 404, 'ErrorItemNotFound');
  }

  const server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://127.0.0.1');
    const segments = address.pathname.split('/').slice(1).map(decodeURIComponent);
    const handle = async () => {
      if (segments.length === 4 && segments[1] === 'oauth2' && segments[3] === 'token' && request.method === 'POST') return token(request, response, segments[0]!);
      if (segments[0] === 'v1.0' && segments[1] === 'users') {
        if (segments[2]?.toLowerCase() !== M365_TEST_APP.user) return graphError(response, 404, 'ErrorInvalidUser');
        return graph(request, response, address, segments.slice(3));
      }
      if (address.pathname === '/__control/messages' && request.method === 'POST') {
        const body = JSON.parse(await readBody(request)) as { raw: string; receivedAt?: string };
        return send(response, 200, { id: addMessage(body.raw, body.receivedAt ? new Date(body.receivedAt) : new Date()) });
      }
      if (address.pathname === '/__control/state') return send(response, 200, state());
      if (address.pathname === '/__control/config' && request.method === 'POST') {
        Object.assign(config, JSON.parse(await readBody(request)) as Partial<M365Config>);
        return send(response, 200, config);
      }
      if (address.pathname === '/__control/reset' && request.method === 'POST') {
        reset();
        return send(response, 200, { reset: true });
      }
      return send(response, 404, { error: 'not found' });
    };
    handle().catch(() => send(response, 500, { error: 'test server failure' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    addMessage,
    state,
    config,
    expireTokens: () => {
      for (const access of accessTokens.keys()) accessTokens.set(access, 0);
    },
    reset,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
