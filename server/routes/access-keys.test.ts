/** Access keys (secret once, stored hashed, last use) and webhooks (masked header, test delivery). */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateAccessKey } from '../auth/access-keys';
import type { ServerContext } from '../context';
import { accessKeys, webhooks } from '../db/schema';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['admin', 'viewer']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
  // A local receiver standing for a customer's endpoint: /fail answers 500.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = request.url === '/fail' ? 500 : 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const call = (user: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: headers[user], payload });

describe('access keys', () => {
  it('show the secret once, store only its hash, and record their last use', async () => {
    const created = await call('admin', 'POST', '/environment/demo-ic-prod/access-keys', { name: 'CRM' });
    expect(created.statusCode).toBe(201);
    const { key, secret } = created.json<{ key: { id: string; prefix: string; owner: string; lastUsedAt: null }; secret: string }>();
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ owner: 'admin', lastUsedAt: null });

    const list = await call('admin', 'GET', '/environment/demo-ic-prod/access-keys');
    expect(list.body).not.toContain(secret);
    const [stored] = await server.handle.db.select().from(accessKeys).where(eq(accessKeys.id, key.id));
    expect(JSON.stringify(stored)).not.toContain(secret);

    const ctx = { db: server.handle.db } as ServerContext;
    expect(await authenticateAccessKey(ctx, secret)).toEqual({ environmentId: 'demo-ic-prod', keyId: key.id });
    expect(await authenticateAccessKey(ctx, `${secret}x`)).toBeNull();
    const after = (await call('admin', 'GET', '/environment/demo-ic-prod/access-keys')).json<{ id: string; lastUsedAt: string | null }[]>();
    expect(after.find((k) => k.id === key.id)?.lastUsedAt).not.toBeNull();

    expect((await call('admin', 'DELETE', `/environment/demo-ic-prod/access-keys/${key.id}`)).statusCode).toBe(204);
    expect(await authenticateAccessKey(ctx, secret)).toBeNull();
  });

  it('are out of reach of a viewer', async () => {
    expect((await call('viewer', 'GET', '/environment/demo-ic-prod/access-keys')).statusCode).toBe(403);
  });
});

describe('webhooks', () => {
  it('never return the authorization header value, store it encrypted, and send it on delivery', async () => {
    const created = await call('admin', 'POST', '/environment/demo-ic-prod/webhooks', {
      url: `${receiverUrl}/hook`,
      type: 'analysis',
      format: 'json',
      authHeaderName: 'X-Api-Token',
      authHeaderValue: 'very-secret-token-1234',
    });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain('very-secret-token');
    const hook = created.json<{ id: string; authHeaderValueHint: string; active: boolean }>();
    expect(hook).toMatchObject({ authHeaderValueHint: '••••1234', active: true });
    const [stored] = await server.handle.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(JSON.stringify(stored)).not.toContain('very-secret-token');

    const test = await call('admin', 'POST', `/environment/demo-ic-prod/webhooks/${hook.id}/test`);
    expect(test.json()).toMatchObject({ delivered: true, statusCode: 200, error: null });
    const delivery = received.at(-1)!;
    expect(delivery.headers['x-api-token']).toBe('very-secret-token-1234');
    expect(JSON.parse(delivery.body)).toMatchObject({ test: true, environmentId: 'demo-ic-prod' });
    expect(delivery.headers['x-postroom-delivery']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect([delivery.headers['x-postroom-event'], delivery.headers['x-postroom-attempt']]).toEqual(['analysis', '1']);
  });

  it('activate, deactivate, edit (keeping the stored value) and delete', async () => {
    const { id } = (
      await call('admin', 'POST', '/environment/demo-ic-prod/webhooks', {
        url: `${receiverUrl}/a`,
        type: 'consolidation',
        format: 'form',
        authHeaderName: 'Authorization',
        authHeaderValue: 'Bearer abcdefgh9999',
      })
    ).json<{ id: string }>();
    const off = await call('admin', 'PATCH', `/environment/demo-ic-prod/webhooks/${id}`, { active: false });
    expect(off.json()).toMatchObject({ active: false, authHeaderValueHint: '••••9999' });
    const edited = await call('admin', 'PATCH', `/environment/demo-ic-prod/webhooks/${id}`, { url: `${receiverUrl}/b`, active: true });
    expect(edited.json()).toMatchObject({ url: `${receiverUrl}/b`, active: true, authHeaderValueHint: '••••9999' });
    expect((await call('admin', 'DELETE', `/environment/demo-ic-prod/webhooks/${id}`)).statusCode).toBe(204);
    const list = (await call('admin', 'GET', '/environment/demo-ic-prod/webhooks')).json<{ id: string }[]>();
    expect(list.map((w) => w.id)).not.toContain(id);
  });

  it('report the destination’s HTTP status or the transport error on a test delivery', async () => {
    const failing = (
      await call('admin', 'POST', '/environment/demo-ic-prod/webhooks', { url: `${receiverUrl}/fail`, type: 'error', format: 'json' })
    ).json<{ id: string }>();
    expect((await call('admin', 'POST', `/environment/demo-ic-prod/webhooks/${failing.id}/test`)).json()).toMatchObject({
      delivered: false,
      statusCode: 500,
      // In the caller's language, French by default.
      error: 'la destination a répondu avec le code HTTP 500',
    });
    const unreachable = (
      await call('admin', 'POST', '/environment/demo-ic-prod/webhooks', { url: 'http://127.0.0.1:1/nothing', type: 'error', format: 'json' })
    ).json<{ id: string }>();
    const result = (await call('admin', 'POST', `/environment/demo-ic-prod/webhooks/${unreachable.id}/test`)).json<{ error: string; statusCode: null }>();
    expect(result.statusCode).toBeNull();
    // §8's sentence alone: nothing about the address or the port (no port scanning).
    expect(result.error).toBe('Une erreur interne a empêché la livraison.');
  });

  it('refuse a URL that is not http(s)', async () => {
    const response = await call('admin', 'POST', '/environment/demo-ic-prod/webhooks', { url: 'file:///etc/passwd', type: 'error', format: 'json' });
    expect(response.statusCode).toBe(400);
  });
});
