// PostgreSQL pass: rollups in raw SQL (dates, sums and their types as the driver returns them).
/**
 * The dashboard's figures against hand-counted cases: analyses received and ended per day
 * of the caller's time zone, by final status; processing-time percentiles; error rate; errors by
 * module; categories; webhook attempts; weeks starting on Monday or Sunday; hours rolled up and
 * hours counted live agree; who may read a dashboard; dashboards turned off.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisStatus, ModuleResult } from '../../src/contract/analyses';
import type { EnvironmentDashboard } from '../../src/contract/dashboard';
import { recordUsage } from '../consumption/ledger';
import { analyses, webhookDeliveries } from '../db/schema';
import { dashboardHours } from '../db/schema-dashboard';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { rollUp } from './rollup';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};

const categorization = (documents: { target: 'body' | 'attachment'; category: string }[]): ModuleResult => ({
  moduleId: 'm-cat',
  type: 'categorization',
  name: 'Catégorisation',
  outcome: 'success',
  message: null,
  result: {
    documents: documents.map((d, index) => ({
      document: index,
      documentName: `doc ${index}`,
      source: d.target === 'body' ? 'body' : 'attachment',
      page: null,
      categories: [{ category: d.category, categoryId: null, target: d.target, explanation: { kind: 'default' } }],
      taints: [],
    })),
    taints: [],
    advancedErrors: [],
    documentsNotCategorized: 0,
  },
});
const extraction = (outcome: 'success' | 'error', result: { fields: Record<string, unknown> | null; documents: Record<string, unknown>[] }): ModuleResult => ({
  moduleId: 'm-ext',
  type: 'extraction',
  name: 'Extraction',
  outcome,
  message: null,
  result: {
    scope: result.fields === null ? 'documents' : 'analysis',
    fields: result.fields,
    errors: [],
    documents: result.documents.map((fields, document) => ({ document, documentName: `doc ${document}`, source: 'attachment', fields, errors: [] })),
  },
});
const failed = (name: string): ModuleResult => ({ moduleId: `m-${name}`, type: 'extraction', name, outcome: 'error', message: 'boom', result: null });

async function insert(row: {
  env?: string;
  createdAt: string;
  status: AnalysisStatus;
  durationMs?: number;
  modules?: ModuleResult[];
  webhooks?: { outcome: 'delivered' | 'failed'; afterMs: number }[];
}): Promise<string> {
  const db = server.handle.db;
  const id = randomUUID();
  const environmentId = row.env ?? 'demo-ic-prod';
  const createdAt = new Date(row.createdAt);
  const finishedAt = row.durationMs === undefined ? null : new Date(createdAt.getTime() + row.durationMs);
  await db.insert(analyses).values({ id, environmentId, name: id, inputType: 'email', status: row.status, createdAt, finishedAt, modules: row.modules ?? [] });
  await recordUsage(db, { analysisId: id, environmentId, createdAt, cpuMs: 0 });
  for (const [attempt, hook] of (row.webhooks ?? []).entries()) {
    const at = new Date(createdAt.getTime() + hook.afterMs);
    await db.insert(webhookDeliveries).values({
      id: randomUUID(),
      analysisId: id,
      url: 'https://hooks.example.com/in',
      type: 'analysis',
      attempt: attempt + 1,
      outcome: hook.outcome,
      deliveredAt: hook.outcome === 'delivered' ? at : null,
      errorAt: hook.outcome === 'failed' ? at : null,
    });
  }
  return id;
}

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['viewer', 'guest', 'light', 'sre', 'support']) {
    headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
  }
  // The week of Monday 13 to Sunday 19 January 2025; Paris is UTC+1 then.
  await insert({ createdAt: '2025-01-12T22:30:00Z', status: 'processed', durationMs: 100 }); // Sunday 12th, 23:30 in Paris
  await insert({
    createdAt: '2025-01-13T08:00:00Z',
    status: 'processed',
    durationMs: 1_000,
    modules: [categorization([{ target: 'body', category: 'Résiliation' }, { target: 'attachment', category: 'Facture' }])],
    webhooks: [{ outcome: 'delivered', afterMs: 2_000 }],
  });
  await insert({
    createdAt: '2025-01-13T09:00:00Z',
    status: 'processed',
    durationMs: 2_000,
    modules: [categorization([{ target: 'body', category: 'Résiliation' }])],
    webhooks: [
      { outcome: 'failed', afterMs: 3_000 },
      { outcome: 'delivered', afterMs: 60_000 },
    ],
  });
  await insert({ createdAt: '2025-01-14T10:00:00Z', status: 'error', durationMs: 5_000, modules: [failed('Extraction')] });
  // 23:30 UTC on the 15th is 00:30 on the 16th in Paris.
  await insert({ createdAt: '2025-01-15T23:30:00Z', status: 'processed', durationMs: 300, modules: [categorization([{ target: 'body', category: 'Réclamation' }])] });
  await insert({ createdAt: '2025-01-16T12:00:00Z', status: 'waiting' });
  await insert({ createdAt: '2025-01-17T12:00:00Z', status: 'aborted', durationMs: 60_000 });
  // March: extracted values, once per analysis and per document; a failed module's are not counted.
  await insert({ createdAt: '2025-03-10T10:00:00Z', status: 'processed', durationMs: 500, modules: [extraction('success', { fields: { montant: 120, ville: 'Lyon', vide: '', liste: [1, 2] }, documents: [] })] });
  await insert({ createdAt: '2025-03-11T10:00:00Z', status: 'processed', durationMs: 500, modules: [extraction('success', { fields: null, documents: [{ ville: 'Lyon' }, { ville: 'Paris' }] })] });
  await insert({ createdAt: '2025-03-12T10:00:00Z', status: 'error', durationMs: 500, modules: [extraction('error', { fields: { ville: 'Nantes' }, documents: [] })] });
  // Another environment's analysis is never counted here.
  await insert({ env: 'demo-nlu-prod', createdAt: '2025-01-14T10:00:00Z', status: 'error', durationMs: 10, modules: [failed('NLU')] });
}, 60_000);
afterAll(() => server.close());

const get = (user: string, envId: string, query: string) =>
  server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${envId}/dashboard?${query}`, headers: headers[user] });

async function dashboard(query: string, envId = 'demo-ic-prod'): Promise<EnvironmentDashboard> {
  const response = await get('viewer', envId, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EnvironmentDashboard>();
}

const column = (d: EnvironmentDashboard, field: 'received' | 'processed' | 'error' | 'aborted') => d.points.map((p) => p[field]);

describe('environment dashboard', () => {
  it('counts a week per day of the caller time zone, by final status, with percentiles and errors by module', async () => {
    const week = await dashboard('from=2025-01-13&to=2025-01-19&bucket=day&weekStartsOn=1&tz=Europe/Paris');
    expect(week.points.map((p) => p.start)).toEqual(['2025-01-13', '2025-01-14', '2025-01-15', '2025-01-16', '2025-01-17', '2025-01-18', '2025-01-19']);
    expect(column(week, 'received')).toEqual([2, 1, 0, 2, 1, 0, 0]);
    expect(column(week, 'processed')).toEqual([2, 0, 0, 1, 0, 0, 0]);
    expect(column(week, 'error')).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(column(week, 'aborted')).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(week.totals).toMatchObject({ received: 6, processed: 3, error: 1, aborted: 1, errorRate: 0.2, webhooksDelivered: 2, webhooksFailed: 1 });
    // Durations 300, 1000, 2000, 5000, 60000 ms: nearest rank 3 of 5 for p50, 5 of 5 for p95 and p99.
    expect(week.totals.duration).toEqual({ p50: 2_000, p95: 60_000, p99: 60_000 });
    // Monday: 1000 and 2000 ms.
    expect(week.points[0]!.duration).toEqual({ p50: 1_000, p95: 2_000, p99: 2_000 });
    expect(week.points[0]!.errorRate).toBe(0);
    expect(week.points[1]!.errorRate).toBe(1);
    expect(week.points[2]!.errorRate).toBeNull();
    expect(week.points[2]!.duration).toEqual({ p50: null, p95: null, p99: null });
    expect(week.moduleErrors).toEqual([{ module: 'Extraction', errors: 1 }]);
  });

  it('gives the categories of bodies and attachments, most frequent first, per bucket', async () => {
    const week = await dashboard('from=2025-01-13&to=2025-01-19&bucket=day&tz=Europe/Paris');
    expect(week.categories).toEqual([
      { category: 'Résiliation', total: 2, perBucket: [2, 0, 0, 0, 0, 0, 0] },
      { category: 'Réclamation', total: 1, perBucket: [0, 0, 0, 1, 0, 0, 0] },
    ]);
    expect(week.attachmentCategories).toEqual([{ category: 'Facture', total: 1, perBucket: [1, 0, 0, 0, 0, 0, 0] }]);
  });

  it('lists the values extracted most often, per field, from successful extractions only', async () => {
    const march = await dashboard('from=2025-03-10&to=2025-03-16&bucket=day&tz=Europe/Paris');
    expect(march.topExtractedValues).toEqual([
      { field: 'ville', value: 'Lyon', count: 2 },
      { field: 'montant', value: '120', count: 1 },
      { field: 'ville', value: 'Paris', count: 1 },
    ]);
    // Only the range's days count.
    const tuesday = await dashboard('from=2025-03-11&to=2025-03-11&bucket=day&tz=Europe/Paris');
    expect(tuesday.topExtractedValues).toEqual([
      { field: 'ville', value: 'Lyon', count: 1 },
      { field: 'ville', value: 'Paris', count: 1 },
    ]);
  });

  it('cuts days in the caller time zone', async () => {
    const utc = await dashboard('from=2025-01-13&to=2025-01-19&bucket=day&tz=UTC');
    // In UTC the 23:30 analysis is on the 15th, and Sunday's 22:30 one stays on the 12th.
    expect(column(utc, 'received')).toEqual([2, 1, 1, 1, 1, 0, 0]);
  });

  it('starts weeks on Monday or on Sunday as asked', async () => {
    const monday = await dashboard('from=2025-01-13&to=2025-01-19&bucket=week&weekStartsOn=1&tz=Europe/Paris');
    expect(monday.points.map((p) => [p.start, p.received])).toEqual([['2025-01-13', 6]]);
    // English "last week" from Sunday 12 to Saturday 18: Sunday's analysis is in, none is left out.
    const sunday = await dashboard('from=2025-01-12&to=2025-01-18&bucket=week&weekStartsOn=0&tz=Europe/Paris');
    expect(sunday.points.map((p) => [p.start, p.received])).toEqual([['2025-01-12', 7]]);
    // Over two Monday weeks, the Sunday lands in the week before.
    const two = await dashboard('from=2025-01-06&to=2025-01-19&bucket=week&weekStartsOn=1&tz=Europe/Paris');
    expect(two.points.map((p) => [p.start, p.received])).toEqual([['2025-01-06', 1], ['2025-01-13', 6]]);
  });

  it('counts hours and months', async () => {
    const day = await dashboard('from=2025-01-13&to=2025-01-13&bucket=hour&tz=Europe/Paris');
    expect(day.points).toHaveLength(24);
    // 08:00 and 09:00 UTC are 09:00 and 10:00 in Paris.
    expect(day.points.filter((p) => p.received > 0).map((p) => p.start)).toEqual(['2025-01-13T09', '2025-01-13T10']);
    const year = await dashboard('from=2025-01-01&to=2025-12-31&bucket=month&tz=Europe/Paris');
    expect(year.points).toHaveLength(12);
    expect(year.points[0]).toMatchObject({ start: '2025-01-01', received: 7, processed: 4, error: 1, aborted: 1 });
  });

  it('reads rolled-up hours and counts the hours after the rollup live, the same way', async () => {
    // The calls above rolled every closed hour up: January 2025 is read from dashboard_hours.
    const [rolled] = await server.handle.db.select({ n: count() }).from(dashboardHours).where(eq(dashboardHours.environmentId, 'demo-ic-prod'));
    expect(rolled!.n).toBeGreaterThan(0);
    // Another process rolling at the same time waits for nothing and counts nothing twice.
    await Promise.all([rollUp(server.handle.db), rollUp(server.handle.db)]);
    const again = await dashboard('from=2025-01-13&to=2025-01-19&bucket=day&tz=Europe/Paris');
    expect(again.totals).toMatchObject({ received: 6, processed: 3, error: 1, aborted: 1 });

    // An analysis that ends now, in the hour not rolled up yet, is there at once.
    const endedAt = new Date(Date.now() - 1_500);
    await insert({ createdAt: endedAt.toISOString(), status: 'error', durationMs: 1_000, modules: [failed('Réponse')] });
    // Its own day: just after midnight UTC, that is yesterday.
    const day = endedAt.toISOString().slice(0, 10);
    const live = await dashboard(`from=${day}&to=${day}&bucket=day&tz=UTC`);
    expect(live.totals).toMatchObject({ received: 1, error: 1, errorRate: 1 });
    expect(live.moduleErrors).toEqual([{ module: 'Réponse', errors: 1 }]);
  });

  it('refuses ranges out of bounds with a code', async () => {
    const reversed = await get('viewer', 'demo-ic-prod', 'from=2025-01-19&to=2025-01-13&bucket=day');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'invalidDashboardRange' });
    const hours = await get('viewer', 'demo-ic-prod', 'from=2025-01-01&to=2025-01-31&bucket=hour');
    expect(hours.json()).toMatchObject({ code: 'invalidDashboardRange', params: { maxDays: 7 } });
  });
});

describe('who reads a dashboard (§6: cockpit or qualifier)', () => {
  const query = 'from=2025-01-13&to=2025-01-19&bucket=day';
  it('lets cockpit viewers and the SRE in, and keeps out users without access to the project', async () => {
    expect((await get('viewer', 'demo-ic-prod', query)).statusCode).toBe(200);
    expect((await get('sre', 'demo-ic-prod', query)).statusCode).toBe(200);
    expect((await get('guest', 'demo-ic-prod', query)).statusCode).toBe(200);
    expect([403, 404]).toContain((await get('guest', 'demo-nlu-prod', query)).statusCode);
    expect([403, 404]).toContain((await get('light', 'demo-ic-prod', query)).statusCode);
    expect([403, 404]).toContain((await get('support', 'demo-ic-prod', query)).statusCode);
  });
});

describe('dashboards turned off (POSTROOM_DASHBOARDS=false)', () => {
  it("answers 503 with the code the console turns into 'Dashboards are not available on this deployment'", async () => {
    const off = await createTestServer({ dashboards: false });
    try {
      const token = await signIn(off.app, 'viewer');
      const response = await off.app.inject({
        method: 'GET',
        url: '/v4/console/api/environment/demo-ic-prod/dashboard?from=2025-01-13&to=2025-01-19&bucket=day',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'dashboardsDisabled' });
    } finally {
      await off.close();
    }
  }, 30_000);
});
