// PostgreSQL pass: webhook attempts claimed with FOR UPDATE SKIP LOCKED.
/**
 * Webhook deliveries against a real local receiver (node:http): one row per attempt, §8 messages,
 * exponential backoff, a bounded number of attempts, the authorization header sent, and one
 * delivery id for every attempt of a delivery (receivers drop duplicates by it).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../crypto/secret-box';
import { webhookDeliveries } from '../db/schema';
import { createTestServer, TEST_JWT_SECRET, type TestServer } from '../test-support/test-server';
import { createEnvironment, fixture, insertWebhook, queueAnalysis, waitForEnd } from './testing/analyses';
import { inEnglish } from '../test-support/pipeline-text';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

let server: TestServer;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** Status codes the receiver answers in turn, per path; 200 once the list is used up. */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body, at: Date.now() });
      const queue = answers.get(request.url ?? '') ?? [];
      response.statusCode = queue.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await createTestServer({
    pipeline: { workers: 1, pollMs: 30, leaseMs: 2000, deliveryAttempts: 3, deliveryBackoffMs: 100 },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function attemptsOf(analysisId: string, count: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await server.handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.analysisId, analysisId))
      .orderBy(asc(webhookDeliveries.attempt));
    if (rows.length >= count && rows.every((row) => row.outcome !== 'scheduled')) return rows;
    if (Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('webhook deliveries', () => {
  it('retries a failed delivery with growing waits and records each attempt until it is delivered', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    const sealed = createSecretBox(TEST_JWT_SECRET).seal('Bearer receiver-secret');
    await insertWebhook(db, envId, { url: `${base}/flaky`, type: 'analysis', auth: { name: 'Authorization', sealed } });
    await insertWebhook(db, envId, { url: `${base}/inactive`, type: 'analysis', active: false });
    answers.set('/flaky', [500, 503]);
    const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }], { metadata: { ticket: 'T-1' } });
    expect((await waitForEnd(db, id)).status).toBe('processed');
    const rows = await attemptsOf(id, 3);
    expect(rows.map((row) => [row.attempt, row.outcome, row.httpStatus, inEnglish(row.error)])).toEqual([
      [1, 'failed', 500, 'destination replied with HTTP status code 500'],
      [2, 'failed', 503, 'destination replied with HTTP status code 503'],
      [3, 'delivered', 200, null],
    ]);
    expect(rows[0]!.errorAt).not.toBeNull();
    expect(rows[2]!.deliveredAt).not.toBeNull();
    // Backoff: attempt 2 after 100 ms, attempt 3 after 200 ms more.
    expect(rows[1]!.scheduledAt.getTime() - rows[0]!.errorAt!.getTime()).toBe(100);
    expect(rows[2]!.scheduledAt.getTime() - rows[1]!.errorAt!.getTime()).toBe(200);
    const hits = received.filter((hit) => hit.path === '/flaky');
    expect(hits).toHaveLength(3);
    expect(hits[0]!.headers.authorization).toBe('Bearer receiver-secret');
    const body = JSON.parse(hits[2]!.body);
    expect(body).toMatchObject({ type: 'analysis', analysis: { id, status: 'processed' }, output: { metadata: { ticket: 'T-1' } } });
    expect(received.some((hit) => hit.path === '/inactive')).toBe(false);
    // One delivery, three attempts: the same id each time, so a receiver can drop what it already has.
    const ids = hits.map((hit) => hit.headers['x-postroom-delivery']);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids)).toEqual(new Set([ids[0]]));
    expect(hits.map((hit) => [hit.headers['x-postroom-event'], hit.headers['x-postroom-attempt']])).toEqual([
      ['analysis', '1'],
      ['analysis', '2'],
      ['analysis', '3'],
    ]);
    expect(rows.map((row) => row.deliveryId ?? row.id)).toEqual([ids[0], ids[0], ids[0]]);
  });

  it('posts a form webhook the payload the run stored, the same bytes on a retry, non-ASCII text whole', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    await insertWebhook(db, envId, { url: `${base}/form`, type: 'analysis', format: 'form' });
    answers.set('/form', [500]);
    const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }], { metadata: { dossier: 'Dégât des eaux — 1 250 €' } });
    expect((await waitForEnd(db, id)).status).toBe('processed');
    const rows = await attemptsOf(id, 2);
    expect(rows.map((row) => [row.attempt, row.outcome])).toEqual([
      [1, 'failed'],
      [2, 'delivered'],
    ]);
    const hits = received.filter((hit) => hit.path === '/form');
    expect(hits.map((hit) => hit.headers['content-type'])).toEqual(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded']);
    // The retry carries the payload the run stored, copied by the database: the same body.
    expect(hits[1]!.body).toBe(hits[0]!.body);
    const form = new URLSearchParams(hits[1]!.body);
    expect(form.get('type')).toBe('analysis');
    const output = JSON.parse(form.get('output')!);
    expect(output.metadata).toEqual({ dossier: 'Dégât des eaux — 1 250 €' });
    expect(JSON.parse(form.get('analysis')!)).toMatchObject({ id, status: 'processed' });
  });

  it('gives each delivery its own id: another webhook, another analysis', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    await insertWebhook(db, envId, { url: `${base}/first`, type: 'analysis' });
    await insertWebhook(db, envId, { url: `${base}/second`, type: 'analysis' });
    // The customer's own header may not hide the delivery id.
    const sealed = createSecretBox(TEST_JWT_SECRET).seal('forged');
    await insertWebhook(db, envId, { url: `${base}/third`, type: 'analysis', auth: { name: 'x-postroom-delivery', sealed } });
    for (const name of ['mixed.eml', 'mixed.eml']) {
      const id = await queueAnalysis(db, envId, [{ name, content: fixture('eml/mixed.eml') }]);
      await waitForEnd(db, id);
      await attemptsOf(id, 3);
    }
    const ids = received.filter((hit) => ['/first', '/second', '/third'].includes(hit.path)).map((hit) => hit.headers['x-postroom-delivery']);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('gives up after the bounded number of attempts', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    await insertWebhook(db, envId, { url: `${base}/down`, type: 'analysis' });
    answers.set('/down', [502, 502, 502, 502, 502]);
    const id = await queueAnalysis(db, envId, [{ name: 'invoice.pdf', content: fixture('pdf/invoice.pdf') }]);
    await waitForEnd(db, id);
    const rows = await attemptsOf(id, 3);
    expect(rows.map((row) => [row.attempt, row.outcome])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await attemptsOf(id, 3)).toHaveLength(3);
  });

  it('says an internal error prevented delivery when the destination cannot be reached', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await insertWebhook(db, envId, { url: `http://127.0.0.1:${port}/gone`, type: 'analysis' });
    const id = await queueAnalysis(db, envId, [{ name: 'invoice.pdf', content: fixture('pdf/invoice.pdf') }]);
    await waitForEnd(db, id);
    const rows = await attemptsOf(id, 3);
    expect(rows[0]!.httpStatus).toBeNull();
    // §8's generic sentence: nothing about what was (not) found at that address.
    expect(inEnglish(rows[0]!.error)).toBe('An internal error prevented delivery.');
  });
});
