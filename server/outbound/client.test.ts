/**
 * The outbound client against a real local receiver (node:http on 127.0.0.1): local targets are
 * refused before any byte reaches them, whatever the spelling or the DNS answer (rebinding included);
 * with private targets allowed it delivers, and it always bounds time and size and never follows a
 * redirect. Names are answered by a resolver the test controls, as a hostile DNS server would.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundClient, OutboundError, type OutboundFailure } from './client';
import type { Resolver } from './resolver';

let receiver: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/silent') return; // never answers
    if (request.url === '/big') return response.end(Buffer.alloc(2 * 1024 * 1024, 'x'));
    if (request.url === '/redirect') {
      response.writeHead(302, { Location: `http://127.0.0.1:${port}/redirected` });
      return response.end();
    }
    response.end('ok');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  hits.length = 0;
});

/** A DNS the test rewrites; a name it does not know does not resolve (nothing leaves this machine). */
function fakeDns(): { resolve: Resolver; records: Map<string, string[]> } {
  const records = new Map<string, string[]>();
  return {
    records,
    resolve: async (hostname) => {
      const found = records.get(hostname);
      if (found === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return found;
    },
  };
}

async function failureOf(promise: Promise<unknown>): Promise<OutboundFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundError);
    return (error as OutboundError).reason;
  }
  throw new Error('the request was not refused');
}

describe('outbound client with private targets refused (the default)', () => {
  const dns = fakeDns();
  const client = createOutboundClient({ allowPrivate: false, resolve: dns.resolve });

  it.each([
    ['the loopback address', (p: number) => `http://127.0.0.1:${p}/`],
    ['a decimal spelling', (p: number) => `http://2130706433:${p}/`],
    ['a hexadecimal spelling', (p: number) => `http://0x7f.1:${p}/`],
    ['a shortened spelling', (p: number) => `http://127.1:${p}/`],
    ['an octal spelling', (p: number) => `http://0177.0.0.1:${p}/`],
    ['IPv6 loopback', (p: number) => `http://[::1]:${p}/`],
    ['an IPv4-mapped IPv6 address', (p: number) => `http://[::ffff:127.0.0.1]:${p}/`],
    ['the unspecified address', (p: number) => `http://0:${p}/`],
    ['localhost', (p: number) => `http://localhost:${p}/`],
    ['a *.localhost name', (p: number) => `http://api.localhost:${p}/`],
    ['a name resolving to 127.0.0.1', (p: number) => `http://loop.test:${p}/`],
    ['a name with one loopback address among public ones', (p: number) => `http://mixed.test:${p}/`],
  ])('refuses %s before connecting', async (_label, url) => {
    dns.records.set('loop.test', ['127.0.0.1']);
    dns.records.set('mixed.test', ['8.8.8.8', '127.0.0.1']);
    expect(await failureOf(client.fetch(url(port), { method: 'POST', body: 'x' }))).toBe('refusedTarget');
    expect(hits).toEqual([]);
  });

  it('refuses a name that resolved to a public address when checked and to loopback when connecting (DNS rebinding)', async () => {
    dns.records.set('rebind.test', ['93.184.215.14']);
    expect(await client.checkTarget(`http://rebind.test:${port}/hook`)).toEqual({ allowed: true });
    dns.records.set('rebind.test', ['127.0.0.1']);
    expect(await failureOf(client.fetch(`http://rebind.test:${port}/hook`))).toBe('refusedTarget');
    expect(hits).toEqual([]);
  });

  it('refuses other schemes', async () => {
    expect(await failureOf(client.fetch('file:///etc/passwd'))).toBe('badUrl');
    expect(await failureOf(client.fetch('gopher://127.0.0.1:70/'))).toBe('badUrl');
  });
});

describe('outbound client with private targets allowed (POSTROOM_WEBHOOK_ALLOW_PRIVATE=true)', () => {
  const dns = fakeDns();
  const client = createOutboundClient({ allowPrivate: true, resolve: dns.resolve, timeoutMs: 400, maxResponseBytes: 1024 * 1024 });

  it('reaches a local receiver by address and by a name it resolves through its resolver', async () => {
    dns.records.set('receiver.test', ['127.0.0.1']);
    const direct = await client.fetch(`http://127.0.0.1:${port}/direct`);
    const named = await client.fetch(`http://receiver.test:${port}/named`, { method: 'POST', body: 'hello' });
    expect([direct.status, direct.body.toString()]).toEqual([200, 'ok']);
    expect(named.status).toBe(200);
    expect(hits).toEqual(['/direct', '/named']);
  });

  it('does not follow a redirect', async () => {
    const response = await client.fetch(`http://127.0.0.1:${port}/redirect`);
    expect(response.status).toBe(302);
    expect(hits).toEqual(['/redirect']);
  });

  it('gives up on an answer that does not come within the total timeout', async () => {
    const started = Date.now();
    expect(await failureOf(client.fetch(`http://127.0.0.1:${port}/silent`))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops reading an answer over the size cap, unless told to discard the body', async () => {
    expect(await failureOf(client.fetch(`http://127.0.0.1:${port}/big`))).toBe('tooLarge');
    expect((await client.fetch(`http://127.0.0.1:${port}/big`, { discardBody: true })).status).toBe(200);
  });

  it('tells a refused connection and a name that does not resolve apart, for the log', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failureOf(client.fetch(`http://127.0.0.1:${closedPort}/`))).toBe('connect');
    expect(await failureOf(client.fetch(`http://nowhere.test:${port}/`))).toBe('dns');
  });
});
