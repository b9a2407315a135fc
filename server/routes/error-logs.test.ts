/**
 * `errorLogs.list` on a fresh environment: the errors the pipeline stored (a failed step
 * in the trace, a failed webhook attempt, a reply template error) come back newest first with their
 * codes; filters by module, period and text narrow them; what is older than the retention is not listed;
 * a cockpit user is refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorLogs } from '../../src/contract/error-logs';
import { analysisTrace, webhookDeliveries } from '../db/schema-analyses';
import { replyTemplateErrors } from '../db/schema-replies';
import { environments } from '../db/schema';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { queueAnalysis } from '../pipeline/testing/analyses';

let server: TestServer;
const tokens: Record<string, string> = {};
const ENV = `env-errors-${randomUUID()}`;
const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000);
let analysisId: string;

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['qualifier', 'viewer']) tokens[user] = await signIn(server.app, user);
  const db = server.handle.db;
  await db.insert(environments).values({ id: ENV, projectId: 'demo-nlu', name: 'Erreurs', settings: { retention: '1w' } });
  analysisId = await queueAnalysis(db, ENV, [{ name: 'lettre.txt', content: Buffer.from('Bonjour') }], { name: 'Lettre de M. Martin', state: { status: 'error' } });
  const trace = (step: number, module: string, outcome: 'success' | 'error' | 'aborted', at: Date, message: string) => ({
    id: randomUUID(), analysisId, run: 1, step, module, startedAt: at, durationMs: 5, outcome, message,
  });
  await db.insert(analysisTrace).values([
    trace(0, 'extractor', 'success', ago(30), 'ok'),
    trace(1, 'nlu', 'error', ago(20), 'The NLU configuration has no usable part (1 error(s); first: syntax).'),
    trace(2, 'categorization', 'aborted', ago(10), 'Aborted by a user.'),
    // Older than the week of retention: not listed.
    trace(3, 'output', 'error', ago(60 * 24 * 8), 'Too old to show'),
  ]);
  await db.insert(webhookDeliveries).values({
    id: randomUUID(), analysisId, url: 'https://hooks.example.test/in', type: 'analysis', attempt: 1, outcome: 'failed',
    scheduledAt: ago(6), errorAt: ago(5), httpStatus: 502, error: 'destination replied with HTTP status code 502',
  });
  await db.insert(replyTemplateErrors).values({
    id: randomUUID(), environmentId: ENV, analysisId, analysisName: 'Lettre de M. Martin', template: 'Réponse', inTemplate: 'Signature', line: 3, code: 'syntax', message: 'unexpected token', createdAt: ago(2),
  });
}, 120_000);
afterAll(() => server.close());

async function list(query = '', user = 'qualifier') {
  return server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${ENV}/error-logs${query}`, headers: { authorization: `Bearer ${tokens[user]}` } });
}

describe('error logs', { timeout: 60_000 }, () => {
  it('lists the errors of modules, deliveries and templates within the retention, newest first, with their codes', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const logs = response.json<ErrorLogs>();
    expect(logs.retention).toBe('1w');
    expect(logs.truncated).toBe(false);
    expect(logs.entries.map((entry) => [entry.source, entry.module, entry.code])).toEqual([
      ['template', 'replyTemplate', 'templateError'],
      ['delivery', 'webhooks', 'deliveryHttpStatus'],
      ['module', 'categorization', 'moduleAborted'],
      ['module', 'nlu', 'moduleFailed'],
    ]);
    expect(logs.entries[1]).toMatchObject({ analysisId, analysisName: 'Lettre de M. Martin', params: { status: 502, url: 'https://hooks.example.test/in' } });
    expect(logs.entries[0]).toMatchObject({ params: { template: 'Réponse', inTemplate: 'Signature', line: 3, kind: 'syntax' }, detail: 'unexpected token' });
    expect(logs.modules).toEqual(['categorization', 'nlu', 'replyTemplate', 'webhooks']);
  });

  it('filters by module, period and text', async () => {
    expect((await list('?module=nlu')).json<ErrorLogs>().entries.map((entry) => entry.module)).toEqual(['nlu']);
    expect((await list('?module=webhooks')).json<ErrorLogs>().entries.map((entry) => entry.code)).toEqual(['deliveryHttpStatus']);
    const period = `?from=${encodeURIComponent(ago(15).toISOString())}&to=${encodeURIComponent(ago(4).toISOString())}`;
    expect((await list(period)).json<ErrorLogs>().entries.map((entry) => entry.module)).toEqual(['webhooks', 'categorization']);
    expect((await list('?search=USABLE')).json<ErrorLogs>().entries.map((entry) => entry.module)).toEqual(['nlu']);
    expect((await list('?search=martin')).json<ErrorLogs>().entries).toHaveLength(4);
    expect((await list('?search=100%25')).json<ErrorLogs>().entries).toEqual([]);
  });

  it('widens to what the retention keeps', async () => {
    await server.handle.db.update(environments).set({ settings: { retention: 'always' } }).where((await import('drizzle-orm')).eq(environments.id, ENV));
    const logs = (await list()).json<ErrorLogs>();
    expect(logs.since).toBeNull();
    expect(logs.entries.map((entry) => entry.detail)).toContain('Too old to show');
  });

  it('is refused to a reader below qualifier', async () => {
    expect((await list('', 'viewer')).statusCode).toBe(403);
  });
});
