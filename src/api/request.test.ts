/**
 * The request layer against a real HTTP server on 127.0.0.1 (no fetch mocks): what the server receives
 * is what a real API would receive.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import i18next from 'i18next';
import { z } from 'zod';
import { namespaces, resources } from '../i18n/resources';
import { access, defineEndpoint, type HttpMethod } from '../contract/define';
import { apiBaseUrl } from './config';
import { ApiError, errorMessage, isApiError, serverCode } from './errors';
import { filenameFromDisposition } from './content-disposition';
import { download, request, SWITCH_HEADER, type Download } from './request';
import { configureRequestLayer, type Credentials, type RequestHandlers } from './request-layer';
import { buildUrl } from './url';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Route = (req: Received, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let received: Received[];
let route: Route;
let credentials: Credentials;

function json(res: ServerResponse, status: number, data: unknown, statusText?: string): void {
  res.writeHead(status, statusText, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(data));
}

function configure(handlers?: RequestHandlers): void {
  configureRequestLayer({ baseUrl, getCredentials: () => credentials, handlers });
}

beforeAll(async () => {
  // The user's texts of errorMessage, in English here.
  await i18next.init({ resources, lng: 'en', fallbackLng: 'fr', ns: namespaces, interpolation: { escapeValue: false } });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      route(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  credentials = {};
  route = (req, res) => json(res, 200, { method: req.method, url: req.url });
  configure();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const echo = defineEndpoint({ id: 'test.echo', method: 'GET', path: '/echo', summary: 'echo', access: access.signedIn });

const item = defineEndpoint({
  id: 'test.item',
  method: 'GET',
  path: '/items/{id}',
  summary: 'one item',
  access: access.signedIn,
  params: z.object({ id: z.string().min(1) }),
  query: z.object({ ids: z.array(z.number()).optional(), flag: z.boolean().optional(), q: z.string().optional() }),
});

const untypedItem = defineEndpoint({ id: 'test.untyped', method: 'GET', path: '/items/{id}', summary: 'no schema', access: access.signedIn });

const createItem = defineEndpoint({
  id: 'test.create',
  method: 'POST',
  path: '/items',
  summary: 'create',
  access: access.signedIn,
  body: z.object({ name: z.string().min(1) }),
  response: z.object({ id: z.string() }),
});

const upload = defineEndpoint({
  id: 'test.upload',
  method: 'POST',
  path: '/upload',
  summary: 'upload',
  access: access.signedIn,
  body: z.union([z.instanceof(FormData), z.string()]),
});

const file = defineEndpoint({ id: 'test.file', method: 'GET', path: '/file', summary: 'file', access: access.signedIn });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('configuration', () => {
  it('reads the base URL from VITE_API_BASE_URL, same origin otherwise', () => {
    vi.stubEnv('VITE_API_BASE_URL', '');
    expect(apiBaseUrl()).toBe('');
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.example.test/');
    expect(apiBaseUrl()).toBe('https://api.example.test');
  });

  it('prepends the configured base URL', () => {
    expect(buildUrl('/a')).toBe(`${baseUrl}/a`);
  });
});

describe('methods', () => {
  const methods: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  it.each(methods)('%s reaches the server with that method', async (method) => {
    const endpoint = defineEndpoint({ id: `test.${method}`, method, path: '/m', summary: method, access: access.signedIn });
    const data = await request(endpoint);
    expect(received.map((r) => r.method)).toEqual([method]);
    expect(data).toEqual({ method, url: '/m' });
  });

  it('HEAD reaches the server and resolves without reading a body', async () => {
    const endpoint = defineEndpoint({ id: 'test.HEAD', method: 'HEAD', path: '/m', summary: 'HEAD', access: access.signedIn });
    await expect(request(endpoint)).resolves.toBeUndefined();
    expect(received.map((r) => r.method)).toEqual(['HEAD']);
  });
});

describe('path and query', () => {
  it('URL-encodes path parameters', async () => {
    await request(item, { params: { id: 'a b/c' } });
    expect(received[0]?.url).toBe('/items/a%20b%2Fc');
  });

  it('writes query arrays in bracket format and stringifies scalars, skipping null/undefined', async () => {
    await request(item, { params: { id: '1' }, query: { ids: [1, 2], flag: true, q: undefined } });
    const url = received[0]?.url ?? '';
    expect(url).toBe('/items/1?ids%5B%5D=1&ids%5B%5D=2&flag=true');
    const search = new URL(url, baseUrl).searchParams;
    expect(search.getAll('ids[]')).toEqual(['1', '2']);
    expect(search.get('flag')).toBe('true');
    expect(buildUrl('/x', undefined, { a: null, b: undefined, n: 0 })).toBe(`${baseUrl}/x?n=0`);
  });
});

describe('bodies', () => {
  it('sends a plain object as JSON', async () => {
    route = (_req, res) => json(res, 201, { id: '7' });
    await expect(request(createItem, { body: { name: 'n' } })).resolves.toEqual({ id: '7' });
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ name: 'n' });
  });

  it('sends FormData as is (multipart with its boundary)', async () => {
    const form = new FormData();
    form.append('field', 'value');
    await request(upload, { body: form });
    expect(received[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]?.body).toContain('name="field"');
    expect(received[0]?.body).toContain('value');
  });

  it('sends a string as text/plain', async () => {
    await request(upload, { body: 'hello' });
    expect(received[0]?.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(received[0]?.body).toBe('hello');
  });
});

describe('headers', () => {
  it('asks for JSON and sends no credentials when none are stored', async () => {
    await request(echo);
    expect(received[0]?.headers.accept).toBe('application/json');
    expect(received[0]?.headers.authorization).toBeUndefined();
    expect(received[0]?.headers[SWITCH_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('sends the Bearer token when one is stored', async () => {
    credentials = { token: 'tok' };
    await request(echo);
    expect(received[0]?.headers.authorization).toBe('Bearer tok');
    expect(received[0]?.headers[SWITCH_HEADER.toLowerCase()]).toBeUndefined();
  });

  it("sends the reader's language as Accept-Language, so the server answers and names things in it", async () => {
    configureRequestLayer({ baseUrl, getCredentials: () => credentials, getLanguage: () => 'en' });
    await request(echo);
    expect(received[0]?.headers['accept-language']).toBe('en');
    configureRequestLayer({ baseUrl, getCredentials: () => credentials, getLanguage: () => 'fr' });
    await request(echo);
    expect(received[1]?.headers['accept-language']).toBe('fr');
  });

  it('sends the switch header when a switch value is stored', async () => {
    credentials = { token: 'tok', switchUser: 'jane@example.test' };
    await request(echo);
    expect(received[0]?.headers[SWITCH_HEADER.toLowerCase()]).toBe('jane@example.test');
  });
});

describe('responses', () => {
  it('returns undefined for 204', async () => {
    route = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await expect(request(echo)).resolves.toBeUndefined();
  });

  it('returns text for a non-JSON answer', async () => {
    route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('plain');
    };
    await expect(request(echo)).resolves.toBe('plain');
  });
});

describe('error kinds', () => {
  it('aborted: the caller aborts an in-flight request', async () => {
    const controller = new AbortController();
    route = () => controller.abort(); // never answers
    const error = await caught(request(echo, { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(received).toHaveLength(1);
  });

  it('network: nothing listens on the port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    configureRequestLayer({ baseUrl: `http://127.0.0.1:${port}`, getCredentials: () => ({}) });
    const error = await caught(request(echo));
    expect(error.kind).toBe('network');
    expect(isApiError(error, 'network')).toBe(true);
  });

  it('http: status, status text, parsed JSON body and the server message', async () => {
    route = (_req, res) => json(res, 422, { message: 'Name taken', code: 12 }, 'Unprocessable Thing');
    const error = await caught(request(echo));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(422);
    expect(error.statusText).toBe('Unprocessable Thing');
    expect(error.jsonData).toEqual({ message: 'Name taken', code: 12 });
    expect(error.response?.status).toBe(422);
    expect(error.message).toBe('Name taken');
    // The user never reads the server's sentence: without a known code, the status says it.
    expect(errorMessage(error)).toBe('The server answered with error 422.');
    // Only a string code is a machine-readable reason.
    expect(serverCode(error)).toBeUndefined();
  });

  it('http: the server code of the body, for a translated message', async () => {
    route = (_req, res) => json(res, 409, { message: 'Name taken', code: 'environmentNameTaken' });
    const taken = await caught(request(echo));
    expect(serverCode(taken)).toBe('environmentNameTaken');
    route = (_req, res) => json(res, 409, { message: 'Le nom est pris', code: 'environmentNameTaken', name: 'Prod' });
    expect(errorMessage(await caught(request(echo)))).toBe('The name "Prod" is already used by an environment of this project.');
    route = (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('boom');
    };
    expect(serverCode(await caught(request(echo)))).toBeUndefined();
    expect(serverCode(new Error('not an API error'))).toBeUndefined();
  });

  it('http: a day among the parameters is written as a date of the reader language', async () => {
    route = (_req, res) => json(res, 429, { message: 'renews on 2025-08-01', code: 'selfServiceQuotaReached', renewsOn: '2025-08-01', monthlyQuota: 3 });
    const refused = await caught(request(echo));
    expect(errorMessage(refused)).toBe("You have used this month's analyses. The count starts again on 08/01/25.");
    await i18next.changeLanguage('fr');
    try {
      expect(errorMessage(refused)).toBe("Vous avez atteint le nombre d'analyses de ce mois. Il repart de zéro le 01/08/25.");
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('http: without a server message, the message is the status text; a text body is kept', async () => {
    route = (_req, res) => {
      res.writeHead(500, 'Broken', { 'Content-Type': 'text/plain' });
      res.end('stack trace');
    };
    const error = await caught(request(echo));
    expect(error.jsonData).toBe('stack trace');
    expect(errorMessage(error)).toBe('The server answered with error 500.');
  });

  it('invalidPath: no request leaves', async () => {
    const error = await caught(request(item, { params: { id: '' } }));
    expect(error.kind).toBe('invalidPath');
    expect(error.issues[0]?.path).toEqual(['id']);
    expect(received).toHaveLength(0);
  });

  it('invalidQuery: no request leaves', async () => {
    // Cast: the point is a value the types would reject, as it could come from untyped code.
    const error = await caught(request(item, { params: { id: '1' }, query: { ids: ['x'] as unknown as number[] } }));
    expect(error.kind).toBe('invalidQuery');
    expect(error.issues.length).toBeGreaterThan(0);
    expect(received).toHaveLength(0);
  });

  it('invalidBody: no request leaves', async () => {
    const error = await caught(request(createItem, { body: { name: '' } }));
    expect(error.kind).toBe('invalidBody');
    expect(error.issues[0]?.path).toEqual(['name']);
    expect(received).toHaveLength(0);
  });

  it('invalidResponse: carries the issues and the data', async () => {
    route = (_req, res) => json(res, 200, { id: 7 });
    const error = await caught(request(createItem, { body: { name: 'n' } }));
    expect(error.kind).toBe('invalidResponse');
    expect(error.issues[0]?.path).toEqual(['id']);
    expect(error.jsonData).toEqual({ id: 7 });
    expect(error.status).toBe(200);
  });

  it('notBlob: a 2xx JSON answer to a download', async () => {
    route = (_req, res) => json(res, 200, { message: 'queued' });
    const error = await caught(download(file));
    expect(error.kind).toBe('notBlob');
    expect(error.message).toBe('Response is not a blob');
  });

  it('missingParameter: no request leaves', async () => {
    const error = await caught(request(untypedItem));
    expect(error.kind).toBe('missingParameter');
    expect(error.message).toBe('Missing value for parameter "id"');
    expect(() => buildUrl('/items/{id}', { id: null })).toThrow('Missing value for parameter "id"');
    expect(received).toHaveLength(0);
  });
});

describe('downloads', () => {
  function serveFile(disposition?: string): void {
    route = (_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/pdf',
        ...(disposition === undefined ? {} : { 'Content-Disposition': disposition }),
      });
      res.end('%PDF');
    };
  }

  it('takes the quoted filename from Content-Disposition', async () => {
    serveFile('attachment; filename="report 1.pdf"');
    const { blob, filename } = await download(file);
    expect(filename).toBe('report 1.pdf');
    expect(await blob.text()).toBe('%PDF');
    expect(received[0]?.headers.accept).toBe('*/*');
  });

  it('prefers the RFC 5987 UTF-8 filename*', async () => {
    serveFile(`attachment; filename="rates.pdf"; filename*=UTF-8''%E2%82%AC%20rates.pdf`);
    expect((await download(file)).filename).toBe('€ rates.pdf');
  });

  it('defaults to "download"', async () => {
    serveFile();
    expect((await download(file)).filename).toBe('download');
  });

  it('accepts a JSON file marked as an attachment', async () => {
    route = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename=c.json' });
      res.end('{}');
    };
    expect((await download(file)).filename).toBe('c.json');
  });

  it('parses unquoted, escaped and malformed dispositions', () => {
    expect(filenameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
    expect(filenameFromDisposition("attachment; filename*=iso-8859-1'en'%E9t%E9.txt")).toBe('été.txt');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('inline')).toBeUndefined();
    expect(filenameFromDisposition(null)).toBeUndefined();
  });
});

describe('session handlers (spec §8)', () => {
  function handlers() {
    return {
      onUnauthorized: vi.fn<(e: ApiError) => Promise<void>>(async () => {}),
      onForbidden: vi.fn<(e: ApiError) => void>(),
      onGone: vi.fn<(e: ApiError, refreshToken: string | undefined) => void>(),
    };
  }

  it('401 with a token calls onUnauthorized and still throws', async () => {
    const h = handlers();
    configure(h);
    credentials = { token: 'tok' };
    route = (_req, res) => json(res, 401, { message: 'Expired JWT Token' });
    const error = await caught(request(echo));
    expect(error.status).toBe(401);
    expect(h.onUnauthorized).toHaveBeenCalledWith(error);
    expect(h.onForbidden).not.toHaveBeenCalled();
  });

  it('401 without a token calls no handler', async () => {
    const h = handlers();
    configure(h);
    route = (_req, res) => json(res, 401, { message: 'Bad credentials' });
    const error = await caught(request(echo));
    expect(error.status).toBe(401);
    expect(h.onUnauthorized).not.toHaveBeenCalled();
  });

  it('403 with a token calls onForbidden and still throws', async () => {
    const h = handlers();
    configure(h);
    credentials = { token: 'tok' };
    route = (_req, res) => json(res, 403, {}, 'Forbidden');
    const error = await caught(request(echo));
    expect(h.onForbidden).toHaveBeenCalledWith(error);
    expect(errorMessage(error)).toBe('The server answered with error 403.');
  });

  it('403 without a token calls no handler', async () => {
    const h = handlers();
    configure(h);
    route = (_req, res) => json(res, 403, {});
    await caught(request(echo));
    expect(h.onForbidden).not.toHaveBeenCalled();
  });

  it('410 passes the refresh token from the response', async () => {
    const h = handlers();
    configure(h);
    route = (_req, res) => json(res, 410, { refresh_token: 'r-1' });
    const error = await caught(request(echo));
    expect(error.status).toBe(410);
    expect(h.onGone).toHaveBeenCalledWith(error, 'r-1');
  });

  it('410 reads a camelCase refreshToken too, and applies to downloads', async () => {
    const h = handlers();
    configure(h);
    route = (_req, res) => json(res, 410, { refreshToken: 'r-2' });
    const error = await caught(download(file));
    expect(error.kind).toBe('http');
    expect(h.onGone).toHaveBeenCalledWith(error, 'r-2');
  });

  it('a failing handler does not hide the HTTP error', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    configure({ onUnauthorized: () => Promise.reject(new Error('boom')) });
    credentials = { token: 'tok' };
    route = (_req, res) => json(res, 401, {});
    const error = await caught(request(echo));
    expect(error.kind).toBe('http');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('types', () => {
  it('options and results follow the endpoint declaration', () => {
    // Checked by tsc; the calls are never made.
    const calls = (): void => {
      expectTypeOf(request(createItem, { body: { name: 'n' } })).resolves.toEqualTypeOf<{ id: string }>();
      expectTypeOf(request(echo)).resolves.toBeUnknown();
      // @ts-expect-error the body must match the schema
      void request(createItem, { body: { name: 1 } });
      // @ts-expect-error an endpoint without a params schema takes no params
      void request(echo, { params: { id: 'x' } });
      expectTypeOf(download(file)).resolves.toEqualTypeOf<Download>();
    };
    expect(typeof calls).toBe('function');
  });
});
