/**
 * Real deliveries go through the outbound client: with private targets refused (the default), a
 * webhook whose target is local when the delivery connects, whatever it was when saved (DNS
 * rebinding, or a row never checked), is a failed attempt with §8's generic sentence, and the local
 * receiver standing for an internal service gets nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../db/schema';
import { createOutboundClient } from '../outbound/client';
import type { Resolver } from '../outbound/resolver';
import { createTestServer, type TestServer } from '../test-support/test-server';
import { createEnvironment, fixture, insertWebhook, queueAnalysis, waitForEnd } from './testing/analyses';
import { inEnglish } from '../test-support/pipeline-text';

const records = new Map<string, string[]>();
const resolve: Resolver = async (hostname) => {
  const found = records.get(hostname);
  if (found === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

let server: TestServer;
let receiver: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('ok');
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  port = (receiver.address() as AddressInfo).port;
  server = await createTestServer({
    outbound: createOutboundClient({ allowPrivate: false, resolve }),
    pipeline: { workers: 1, pollMs: 30, leaseMs: 2000, deliveryAttempts: 2, deliveryBackoffMs: 50 },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await new Promise((done) => receiver.close(done));
});

async function settledAttempts(analysisId: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await server.handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.analysisId, analysisId))
      .orderBy(asc(webhookDeliveries.attempt));
    if ((rows.length >= count && rows.every((row) => row.outcome !== 'scheduled')) || Date.now() > deadline) return rows;
    await new Promise((done) => setTimeout(done, 25));
  }
}

describe('deliveries with private targets refused', () => {
  it('fail with the generic sentence when the target is local at connection time, and reach nothing', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    // Public when the webhook was saved; loopback by the time the delivery resolves it.
    records.set('rebind.test', ['127.0.0.1']);
    await insertWebhook(db, envId, { url: `http://rebind.test:${port}/a-rebound`, type: 'analysis' });
    await insertWebhook(db, envId, { url: `http://127.0.0.1:${port}/b-literal`, type: 'analysis' });
    await insertWebhook(db, envId, { url: `http://[::ffff:127.0.0.1]:${port}/c-mapped`, type: 'analysis' });
    await insertWebhook(db, envId, { url: 'http://169.254.169.254/d-metadata', type: 'analysis' });
    const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }]);
    expect((await waitForEnd(db, id)).status).toBe('processed');
    const rows = await settledAttempts(id, 8);
    const seen = rows.map((row) => [new URL(row.url).pathname, row.attempt, row.outcome, row.httpStatus, inEnglish(row.error)] as const);
    expect(seen.sort(([a, x], [b, y]) => a.localeCompare(b) || x - y)).toEqual(
      ['/a-rebound', '/b-literal', '/c-mapped', '/d-metadata'].flatMap((path) => [
        [path, 1, 'failed', null, 'An internal error prevented delivery.'],
        [path, 2, 'failed', null, 'An internal error prevented delivery.'],
      ]),
    );
    expect(hits).toEqual([]);
  });
});
