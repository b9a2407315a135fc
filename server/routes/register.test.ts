import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { access, defineEndpoint } from '../../src/contract/define';
import type { ServerContext } from '../context';
import { isApiPath } from '../../src/contract/server-paths';
import { installErrorHandler } from '../error-handler';
import { parseQueryString } from './query-string';
import { installContractRouting, registerEndpoint, toFastifyPath } from './register';

const getThing = defineEndpoint({
  id: 'test.getThing',
  method: 'GET',
  path: '/api/things/{thingId}',
  summary: 'A thing',
  access: access.public,
  params: z.object({ thingId: z.string().regex(/^t\d+$/) }),
  query: z.object({ page: z.coerce.number().int().min(1).default(1), tags: z.array(z.string()).optional() }),
  response: z.object({ id: z.string(), page: z.number(), tags: z.array(z.string()) }),
});
const brokenResponse = defineEndpoint({
  id: 'test.broken',
  method: 'GET',
  path: '/api/broken',
  summary: 'Answers outside its contract',
  access: access.public,
  response: z.object({ id: z.string() }),
});
const noContent = defineEndpoint({ id: 'test.noContent', method: 'DELETE', path: '/api/things', summary: 'x', access: access.public });

// Public endpoints never reach the permission layer's database reads.
const publicOnly = {} as ServerContext;

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ routerOptions: { querystringParser: parseQueryString } });
  installErrorHandler(app);
  installContractRouting(app, isApiPath);
  registerEndpoint(app, publicOnly, getThing, ({ params, query }) => ({
    id: params.thingId,
    page: query.page,
    tags: query.tags ?? [],
    secret: 'stripped by the response schema',
  }));
  registerEndpoint(app, publicOnly, brokenResponse, () => ({ id: 42 }) as unknown as { id: string });
  registerEndpoint(app, publicOnly, noContent, () => undefined);
  await app.ready();
});
afterAll(() => app.close());

describe('registerEndpoint', () => {
  it('converts {name} path parameters', () => {
    expect(toFastifyPath('/a/{b}/c/{d}')).toBe('/a/:b/c/:d');
  });

  it('passes parsed params and query to the handler and strips undeclared response fields', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/things/t1?page=2&tags%5B%5D=a&tags%5B%5D=b' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 't1', page: 2, tags: ['a', 'b'] });
  });

  it('answers 400 naming the invalid part', async () => {
    const badPath = await app.inject({ method: 'GET', url: '/api/things/x1' });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json()).toMatchObject({ code: 'invalidRequest', location: 'path', issues: [{ path: ['thingId'] }] });

    const badQuery = await app.inject({ method: 'GET', url: '/api/things/t1?page=0' });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toMatchObject({ code: 'invalidRequest', location: 'query', issues: [{ path: ['page'] }] });
  });

  it('answers 500 without details when the handler breaks the response contract', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Une erreur interne a empêché de répondre.', code: 'internalError' });
  });

  it('answers 204 when the declaration has no response', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/things' })).statusCode).toBe(204);
  });

  it('refuses an API route registered outside the contract', async () => {
    const other = Fastify();
    installContractRouting(other, isApiPath);
    expect(() => other.get('/v4/sneaky', async () => 'x')).toThrow(/registerEndpoint/);
    other.get('/api/open', { config: { publicRoute: true } }, async () => 'x');
    await other.close();
  });
});
