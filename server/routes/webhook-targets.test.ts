/**
 * Server-side request forgery through webhooks, tried as an attacker would: local targets in every
 * spelling the URL parser accepts are refused when a webhook is saved (create and update), the target
 * is checked again when a test delivery connects (DNS rebinding), and a test delivery reads the same
 * whether the target was refused, unknown to DNS, closed or silent, so it cannot map a network.
 * With POSTROOM_WEBHOOK_ALLOW_PRIVATE=true (the `open` server) local targets work.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhooks } from '../db/schema';
import { createOutboundClient } from '../outbound/client';
import type { Resolver } from '../outbound/resolver';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

/** Names the tests resolve; an unknown name does not resolve, so no request ever leaves the machine. */
const records = new Map<string, string[]>();
const resolve: Resolver = async (hostname) => {
  const found = records.get(hostname);
  if (found === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

let strict: TestServer;
let open: TestServer;
let receiver: Server;
let port: number;
const hits: string[] = [];
const auth: Record<'strict' | 'open', { authorization: string }> = {} as never;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/silent') return; // accepts, never answers
    response.statusCode = request.url === '/missing' ? 404 : 200;
    response.end('ok');
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  port = (receiver.address() as AddressInfo).port;
  strict = await createTestServer({ outbound: createOutboundClient({ allowPrivate: false, resolve }) });
  open = await createTestServer({ outbound: createOutboundClient({ allowPrivate: true, resolve, timeoutMs: 500 }) });
  auth.strict = { authorization: `Bearer ${await signIn(strict.app, 'admin')}` };
  auth.open = { authorization: `Bearer ${await signIn(open.app, 'admin')}` };
}, 120_000);
afterAll(async () => {
  await Promise.all([strict.close(), open.close()]);
  receiver.closeAllConnections();
  await new Promise((done) => receiver.close(done));
});
beforeEach(() => {
  hits.length = 0;
  records.clear();
  records.set('loop.test', ['127.0.0.1']);
  records.set('intranet.test', ['10.1.2.3']);
  records.set('metadata.test', ['169.254.169.254']);
  records.set('mapped.test', ['::ffff:127.0.0.1']);
  records.set('mixed.test', ['93.184.215.14', '192.168.0.10']);
  records.set('public.test', ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
});

const ENV = '/v4/console/api/environment/demo-ic-prod/webhooks';
const create = (on: 'strict' | 'open', url: string) =>
  (on === 'strict' ? strict : open).app.inject({ method: 'POST', url: ENV, headers: auth[on], payload: { url, type: 'analysis', format: 'json' } });

/** Every spelling of a local target the WHATWG URL parser accepts, and names that lead to one. */
const REFUSED_URLS = [
  'http://127.0.0.1/hook',
  'http://127.0.0.1:8080/hook',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://127.1/',
  'http://0177.0.0.1/',
  'http://017700000001/',
  'http://0/',
  'http://0.0.0.0/',
  'http://[::]/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  'http://[64:ff9b::169.254.169.254]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/',
  'http://10.0.0.1/',
  'http://172.16.5.4/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'https://localhost/',
  'http://LOCALHOST./',
  'http://foo.localhost/',
  'http://loop.test/',
  'http://LOOP.test./',
  'http://intranet.test/',
  'http://metadata.test/',
  'http://mapped.test/',
  'http://mixed.test/',
  'http://does-not-resolve.test/',
  'http://user:password@127.0.0.1/',
];

describe('saving a webhook with private targets refused', () => {
  it.each(REFUSED_URLS)('refuses %s on create with one generic answer', async (url) => {
    const response = await create('strict', url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'webhookTargetRefused',
      message: 'Cette adresse ne peut pas recevoir de webhooks : utilisez une adresse http ou https publique.',
    });
  });

  it('refuses them on update too, and keeps the stored URL', async () => {
    const saved = await create('strict', 'https://public.test/hook');
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json<{ id: string }>();
    for (const url of REFUSED_URLS) {
      const response = await strict.app.inject({ method: 'PATCH', url: `${ENV}/${id}`, headers: auth.strict, payload: { url } });
      expect([url, response.statusCode, response.json<{ code: string }>().code]).toEqual([url, 400, 'webhookTargetRefused']);
    }
    const list = (await strict.app.inject({ method: 'GET', url: ENV, headers: auth.strict })).json<{ id: string; url: string }[]>();
    expect(list.find((hook) => hook.id === id)?.url).toBe('https://public.test/hook');
  });

  it('accepts public addresses and names that resolve only to public addresses', async () => {
    for (const url of ['https://public.test/hook', 'http://93.184.215.14/x', 'http://[2606:4700:4700::1111]/', 'https://public.test:8443/a?b=c']) {
      expect([url, (await create('strict', url)).statusCode]).toEqual([url, 201]);
    }
  });

  it('still refuses what is not http(s)', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://public.test/', 'ftp://public.test/']) {
      expect((await create('strict', url)).statusCode).toBe(400);
    }
  });
});

describe('test deliveries', () => {
  const sendTest = async (on: 'strict' | 'open', id: string) =>
    (await (on === 'strict' ? strict : open).app.inject({ method: 'POST', url: `${ENV}/${id}/test`, headers: auth[on] })).json<{
      delivered: boolean;
      statusCode: number | null;
      error: string | null;
    }>();
  /** A row as an older release or a direct database edit could have left it: not checked when saved. */
  const insertUnchecked = async (on: 'strict' | 'open', url: string) => {
    const id = `hook-${Math.random().toString(36).slice(2)}`;
    await (on === 'strict' ? strict : open).handle.db.insert(webhooks).values({ id, environmentId: 'demo-ic-prod', url, type: 'analysis', format: 'json' });
    return id;
  };

  it('are refused when the name resolves to a local address by the time they connect (DNS rebinding)', async () => {
    records.set('rebind.test', ['93.184.215.14']);
    const saved = await create('strict', `http://rebind.test:${port}/hook`);
    expect(saved.statusCode).toBe(201);
    records.set('rebind.test', ['127.0.0.1']);
    expect(await sendTest('strict', saved.json<{ id: string }>().id)).toMatchObject({ delivered: false, statusCode: null });
    expect(hits).toEqual([]);
  });

  it('are refused to a stored local target, in any spelling, without reaching it', async () => {
    for (const url of [`http://127.0.0.1:${port}/a`, `http://2130706433:${port}/b`, `http://[::ffff:127.0.0.1]:${port}/c`, `http://localhost:${port}/d`]) {
      expect(await sendTest('strict', await insertUnchecked('strict', url))).toMatchObject({ delivered: false, statusCode: null });
    }
    expect(hits).toEqual([]);
  });

  it('read the same whether the target was refused, unknown, closed or silent: no port scanning', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const outcomes = [
      await sendTest('strict', await insertUnchecked('strict', `http://127.0.0.1:${port}/refused`)),
      await sendTest('strict', await insertUnchecked('strict', 'http://metadata.test/latest/meta-data/')),
      await sendTest('open', await insertUnchecked('open', `http://127.0.0.1:${closedPort}/closed`)),
      await sendTest('open', await insertUnchecked('open', `http://nowhere.test:${port}/unknown`)),
      await sendTest('open', await insertUnchecked('open', `http://127.0.0.1:${port}/silent`)),
    ];
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ delivered: false, statusCode: null, error: 'Une erreur interne a empêché la livraison.' });
    }
    expect(hits).toEqual(['/silent']);
  });

  it('reach a local receiver and show its HTTP status when private targets are allowed', async () => {
    const saved = await create('open', `http://127.0.0.1:${port}/missing`);
    expect(saved.statusCode).toBe(201);
    expect(await sendTest('open', saved.json<{ id: string }>().id)).toMatchObject({
      delivered: false,
      statusCode: 404,
      error: 'la destination a répondu avec le code HTTP 404',
    });
    records.set('receiver.test', ['127.0.0.1']);
    const named = await create('open', `http://receiver.test:${port}/ok`);
    expect(await sendTest('open', named.json<{ id: string }>().id)).toMatchObject({ delivered: true, statusCode: 200 });
    expect(hits).toEqual(['/missing', '/ok']);
  });
});
