// PostgreSQL pass: retention deletes in raw SQL with FOR UPDATE SKIP LOCKED.
/** Retention (§9): due analyses lose content and files, keep metadata; `always` keeps, `never` does not. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyses, analysisFiles, webhookDeliveries } from '../db/schema';
import { createTestServer, type TestServer } from '../test-support/test-server';
import { rowsOf } from './claim';
import { anonymizeDue } from './retention';
import { createEnvironment, fixture, queueAnalysis } from './testing/analyses';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server.close());

const DAY = 24 * 3600 * 1000;

async function finishedAnalysis(envId: string, finishedDaysAgo: number, status: 'processed' | 'error' | 'aborted' | 'pending' = 'processed') {
  const db = server.handle.db;
  const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }, { name: 'invoice.pdf', content: fixture('pdf/invoice.pdf') }], {
    metadata: { ticket: 'T-1' },
    state: { status },
  });
  await db
    .update(analyses)
    .set({
      finishedAt: status === 'pending' ? null : new Date(Date.now() - finishedDaysAgo * DAY),
      modules: [{ moduleId: 'x', type: 'extractor', name: 'Extractor', outcome: 'success', message: '1 document(s)', result: { documents: [{ name: 'secret' }] } }],
    })
    .where(eq(analyses.id, id));
  await db.execute(sql`INSERT INTO webhook_deliveries (id, analysis_id, url, type, attempt, outcome, payload)
    VALUES (gen_random_uuid()::text, ${id}, 'http://127.0.0.1:9/', 'analysis', 1, 'delivered', '{"output":{"text":"secret"}}'::jsonb)`);
  return id;
}

async function state(id: string) {
  const db = server.handle.db;
  const [row] = await db.select().from(analyses).where(eq(analyses.id, id));
  const files = await db.select({ content: analysisFiles.content, size: analysisFiles.size }).from(analysisFiles).where(eq(analysisFiles.analysisId, id));
  const deliveries = await db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries).where(eq(webhookDeliveries.analysisId, id));
  return { row: row!, files, deliveries };
}

describe('retention', () => {
  it('anonymizes a finished analysis once its period has passed: content and files removed, metadata kept', async () => {
    const envId = await createEnvironment(server.handle.db, { retention: '1w' });
    const due = await finishedAnalysis(envId, 8);
    const recent = await finishedAnalysis(envId, 6);
    await anonymizeDue(server.handle.db);
    const gone = await state(due);
    expect(gone.row.anonymizedAt).not.toBeNull();
    expect(gone.row).toMatchObject({ name: 'mixed.eml', status: 'processed', metadata: { ticket: 'T-1' }, fileCount: 2 });
    expect(gone.row.modules).toEqual([{ moduleId: 'x', type: 'extractor', name: 'Extractor', outcome: 'success', message: '1 document(s)', result: null }]);
    expect(gone.files.map((file) => file.content)).toEqual([null, null]);
    expect(gone.files.every((file) => file.size > 0)).toBe(true);
    expect(gone.deliveries.map((delivery) => delivery.payload)).toEqual([null]);
    const kept = await state(recent);
    expect(kept.row.anonymizedAt).toBeNull();
    expect(kept.files.every((file) => file.content !== null)).toBe(true);
  });

  it('reads the period of each option', async () => {
    const cases: [string, number, boolean][] = [
      ['1d', 2, true],
      ['1d', 0.5, false],
      ['1m', 32, true],
      ['1m', 20, false],
      ['6m', 190, true],
      ['6m', 170, false],
      ['1y', 370, true],
      ['1y', 360, false],
    ];
    for (const [retention, days, anonymized] of cases) {
      const envId = await createEnvironment(server.handle.db, { retention: retention as '1d' });
      const id = await finishedAnalysis(envId, days);
      await anonymizeDue(server.handle.db);
      expect([retention, days, (await state(id)).row.anonymizedAt !== null]).toEqual([retention, days, anonymized]);
    }
  });

  it('keeps for ever with always, and keeps nothing with never (but only finished analyses)', async () => {
    const always = await createEnvironment(server.handle.db, { retention: 'always' });
    const never = await createEnvironment(server.handle.db, { retention: 'never' });
    const old = await finishedAnalysis(always, 3000);
    const justDone = await finishedAnalysis(never, 0, 'error');
    const running = await finishedAnalysis(never, 0, 'pending');
    await anonymizeDue(server.handle.db);
    expect((await state(old)).row.anonymizedAt).toBeNull();
    expect((await state(justDone)).row.anonymizedAt).not.toBeNull();
    expect((await state(running)).row.anonymizedAt).toBeNull();
  });

  it('waits while a delivery is still scheduled', async () => {
    const envId = await createEnvironment(server.handle.db, { retention: 'never' });
    const id = await finishedAnalysis(envId, 0);
    await server.handle.db.execute(sql`INSERT INTO webhook_deliveries (id, analysis_id, url, type, attempt, outcome, payload)
      VALUES (gen_random_uuid()::text, ${id}, 'http://127.0.0.1:9/', 'analysis', 2, 'scheduled', '{}'::jsonb)`);
    await anonymizeDue(server.handle.db);
    expect((await state(id)).row.anonymizedAt).toBeNull();
  });

  it('makes the dashboard forget extracted values older than the retention, keeping the other counts', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db, { retention: '1w' });
    const kept = await createEnvironment(db, { retention: 'always' });
    const hour = (daysAgo: number) => new Date(Math.floor((Date.now() - daysAgo * DAY) / 3_600_000) * 3_600_000).toISOString();
    const figures = JSON.stringify({ finished: { processed: 3 }, extractedValue: { 'iban\u0001FR7630006000011234567890189': 2 } });
    for (const [env, daysAgo] of [[envId, 8], [envId, 2], [kept, 400], ['deleted-environment', 1]] as const) {
      await db.execute(sql`INSERT INTO dashboard_hours (environment_id, hour, figures) VALUES (${env}, ${hour(daysAgo)}::timestamptz, ${figures}::jsonb)`);
    }
    await anonymizeDue(db);
    const rows = await db.execute(sql`SELECT environment_id, hour, figures FROM dashboard_hours WHERE environment_id IN (${envId}, ${kept}, 'deleted-environment')`);
    const byKey = new Map(
      rowsOf(rows).map((row) => [
        `${row.environment_id === envId ? 'env' : row.environment_id === kept ? 'kept' : 'deleted'}:${new Date(row.hour as string).toISOString() === hour(8) ? 'old' : 'other'}`,
        row.figures,
      ]),
    );
    expect(byKey.get('env:old')).toEqual({ finished: { processed: 3 } });
    expect(byKey.get('env:other')).toHaveProperty('extractedValue');
    expect(byKey.get('kept:other')).toHaveProperty('extractedValue');
    expect(byKey.get('deleted:other')).toEqual({ finished: { processed: 3 } });
  });
});
