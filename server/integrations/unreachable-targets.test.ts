/**
 * A tenant must not be able to map the platform's network through a connector's settings: a private
 * address (refused by the outbound policy), a closed port and a name that does not resolve all get the
 * same answer — code, message and detail — when authorizing the connector and when checking it, as
 * webhooks answer. Only the server log tells the operator which it was.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../src/contract/integrations';
import { createOutboundClient } from '../outbound/client';
import { connectorsPath } from '../test-support/connector-harness';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

const ENV = 'demo-nlu-recette';

interface Probe {
  server: TestServer;
  logs: string[];
  admin: Record<string, string>;
}

async function startProbe(allowPrivate: boolean): Promise<Probe> {
  const logs: string[] = [];
  const server = await createTestServer({
    outbound: createOutboundClient({ allowPrivate }),
    logger: { level: 'info' },
    logStream: { write: (line: string) => void logs.push(line) },
  });
  return { server, logs, admin: { authorization: `Bearer ${await signIn(server.app, 'admin')}` } };
}

/** What the tenant reads when authorizing, then checking, an IMAP connector on host:port. */
async function answersFor(probe: Probe, host: string, port: number) {
  const call = (url: string, payload?: unknown) =>
    probe.server.app.inject({ method: 'POST', url, headers: probe.admin, payload: payload as never });
  const created = await call(connectorsPath(ENV), {
    name: `Probe ${host}:${port}`,
    settings: {
      type: 'imap',
      imap: { host, port, tls: false, user: 'someone', folder: 'INBOX', draftsFolder: 'Drafts', startDate: new Date().toISOString(), blacklist: [] },
    },
    secrets: { password: 'secret-password' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<Connector>().id;
  const authorize = await call(`${connectorsPath(ENV)}/${id}/authorize`);
  const health = await call(`${connectorsPath(ENV)}/${id}/health`);
  return { authorize: { status: authorize.statusCode, body: authorize.json() as unknown }, health: health.json() as unknown };
}

/** A local port that was just free: nothing listens on it. */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as { port: number };
  await new Promise((resolve) => listener.close(resolve));
  return port;
}

let refusing: Probe;
let allowing: Probe;
beforeAll(async () => {
  // One after the other: two databases starting together only slow each other down.
  refusing = await startProbe(false);
  allowing = await startProbe(true);
}, 180_000);
afterAll(async () => {
  await Promise.all([refusing?.server.close(), allowing?.server.close()]);
});

describe('a connector server that cannot be reached', () => {
  it('answers the same for a private address, a closed port and a name that does not resolve', async () => {
    const port = await closedPort();
    const answers = {
      // POSTROOM_WEBHOOK_ALLOW_PRIVATE off: refused before any connection, in several spellings.
      privateAddress: await answersFor(refusing, '10.0.0.1', 143),
      loopback: await answersFor(refusing, '127.0.0.1', port),
      localName: await answersFor(refusing, 'localhost', 143),
      unresolvedWhileRefusing: await answersFor(refusing, 'nowhere.invalid', 143),
      // Allowed private targets: the connection itself fails.
      closedPort: await answersFor(allowing, '127.0.0.1', port),
      unresolved: await answersFor(allowing, 'no-such-host.invalid', 143),
    };
    const reference = answers.privateAddress;
    expect(reference.authorize.status).toBe(400);
    expect(reference.authorize.body).toMatchObject({ code: 'targetRefused' });
    expect(reference.health).toEqual({ ok: false, code: 'targetRefused', detail: null });
    for (const [label, answer] of Object.entries(answers)) expect({ label, ...answer }).toEqual({ label, ...reference });
  });

  it('tells the operator the cause in the server log only', () => {
    const log = [...refusing.logs, ...allowing.logs].join('\n');
    expect(log).toMatch(/connector server not reached/);
    expect(log).toMatch(/refused address 10\.0\.0\.1/);
    expect(log).toMatch(/ENOTFOUND no-such-host\.invalid/);
    expect(log).toMatch(/IMAP ECONNREFUSED/);
  });
});
