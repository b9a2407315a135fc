/**
 * A JSON body over WORKER_JSON_BODY_BYTES is parsed in a module worker, with the refusals of
 * Fastify's own parser; a small one is parsed here as before. Through the NLU import, an endpoint
 * that takes megabytes of JSON.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_JSON_BODY_BYTES } from './json-body';
import { sharedModulePool } from './module-workers/module-pool';
import { createEnvironment } from './pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from './test-support/test-server';

let server: TestServer;
let token: string;
let envId: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await signIn(server.app, 'admin');
  envId = await createEnvironment(server.handle.db);
  await sharedModulePool().run({ kind: 'probe' });
}, 120_000);
afterAll(() => server.close());
afterEach(() => {
  delete process.env.POSTROOM_MODULE_DEADLINE_MS;
});

/** An NLU export whose one archetype's dictionary makes the body about `bytes` long. */
function exportOf(bytes: number): string {
  const entries = Math.ceil(bytes / 12);
  const dictionary = Array.from({ length: entries }, (_, index) => `m${index};v${index}`).join('\n');
  return JSON.stringify({ nlu: { archetypes: [{ name: 'mots', langs: ['fr'], dict: [{ lang: 'fr', dictionary }], regex: [] }], contexts: [], servers: [], metadata: { exportVersion: 2 } } });
}

const post = (payload: string, language = 'en') =>
  server.app.inject({
    method: 'POST',
    url: `/v4/console/api/environment/${envId}/nlu/import`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': language },
    payload,
  });

describe('JSON bodies', () => {
  it('parses a large body in a module worker: stopped at the deadline, it answers 422 testStopped', async () => {
    // Not JSON: parsed on this thread it would be a 400 at once; in the worker the deadline comes first.
    const body = exportOf(3_000_000).slice(0, -1);
    process.env.POSTROOM_MODULE_DEADLINE_MS = '1';
    const response = await post(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'testStopped', params: { context: 'timeout' } });
  }, 60_000);

  it('imports a large body read in the worker', async () => {
    const body = exportOf(WORKER_JSON_BODY_BYTES * 4);
    expect(body.length).toBeGreaterThan(WORKER_JSON_BODY_BYTES);
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ imported: { archetypes: ['mots'] }, errors: [] });
  }, 60_000);

  it.each([
    ['large', WORKER_JSON_BODY_BYTES * 2],
    ['small', 100],
  ])('refuses a %s body that is not JSON, or that sets __proto__ or constructor.prototype, as 400 invalidJson', async (_size, bytes) => {
    const valid = exportOf(bytes);
    const depth = Math.ceil(bytes / 2);
    const bodies = [
      `${valid.slice(0, -1)}`,
      // Nested deeper than a parse or a copy between threads goes (a small one is answered by the endpoint).
      ...(bytes > WORKER_JSON_BODY_BYTES ? [`${'['.repeat(depth)}${']'.repeat(depth)}`] : []),
      `{"__proto__": {"admin": true}, ${valid.slice(1)}`,
      `{"constructor": {"prototype": {"admin": true}}, ${valid.slice(1)}`,
    ];
    for (const body of bodies) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalidJson', message: 'The data sent is not valid JSON.' });
    }
  }, 60_000);
});
