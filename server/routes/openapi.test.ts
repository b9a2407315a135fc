import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../src/contract/index';
import { createTestServer, type TestServer } from '../test-support/test-server';
import { toFastifyPath } from './register';

let server: TestServer;
beforeAll(async () => {
  // The document is built from declarations, not data: no seed needed.
  server = await createTestServer({ seed: false });
});
afterAll(() => server.close());

describe('GET /api/openapi.json', () => {
  it('publishes every declared operation with its id, summary and schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');

    const login = document.paths['/api/login_check'].post;
    expect(login).toMatchObject({ operationId: 'auth.loginCheck', security: [] });
    expect(login.summary).toEqual(expect.any(String));
    expect(login.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['username', 'password'],
    });

    const user = document.paths['/v4/console/api/user'].get;
    expect(user.operationId).toBe('auth.currentUser');
    expect(user.security).toBeUndefined(); // inherits the document's bearer requirement
    expect(user.responses['200'].content['application/json'].schema.properties).toHaveProperty('isLight');
    expect(user.responses).toHaveProperty('401');

    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId: string }>).map((op) => op.operationId),
    );
    expect(ids.sort()).toEqual(allEndpoints.map((e) => e.id).sort());
  });

  it('has a route for every declaration', () => {
    for (const endpoint of allEndpoints) {
      expect(server.app.hasRoute({ method: endpoint.method, url: toFastifyPath(endpoint.path) }), endpoint.id).toBe(
        true,
      );
    }
  });

  it('declares unique operation ids', () => {
    const ids = allEndpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
