// PostgreSQL pass: leases, claims again and the usage ledger in raw SQL.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractorResult } from '../../src/contract/analyses';
import { analyses, analysisUsage, environments, webhookDeliveries } from '../db/schema';
import { createTestServer, type TestServer } from '../test-support/test-server';
import { abortAnalysis, createEnvironment, fixture, insertWebhook, queueAnalysis, traceOf, waitForEnd } from './testing/analyses';
import { inEnglish } from '../test-support/pipeline-text';

let server: TestServer;
beforeAll(async () => {
  // The default lease (30 s): a 2 s one ran out on a loaded machine whose renewals came late, and
  // the run was claimed again mid-way. The tests of a dead worker's lease write the row's own.
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50 } });
}, 60_000);
afterAll(() => server.close());


/** Three copies of the 120-page PDF, uncached: a run long enough to be interrupted mid-way. */
async function queueLongAnalysis(): Promise<string> {
  const db = server.handle.db;
  const envId = await createEnvironment(db, { extractor: { parser: { document: { maxPages: 200 }, global: { useCache: false } } } });
  const report = fixture('pdf/report-120-pages.pdf');
  return queueAnalysis(db, envId, [
    { name: 'report.pdf', content: report },
    { name: 'report-2.pdf', content: report },
    { name: 'report-3.pdf', content: report },
  ]);
}
describe('a run', () => {
  it('takes a queued mail through the extractor and the output module, with a trace row per step', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }, { name: 'invoice.pdf', content: fixture('pdf/invoice.pdf') }]);
    const row = await waitForEnd(db, id);
    expect(row.status).toBe('processed');
    expect(row.startedAt).not.toBeNull();
    expect(row.finishedAt).not.toBeNull();
    expect(row.claimedBy).toBeNull();
    expect(row.cpuMs).toBeGreaterThan(0);
    expect(row.modules.map((m) => [m.type, m.outcome])).toEqual([['extractor', 'success'], ['output', 'success']]);
    const extractor = row.modules[0]!.result as ExtractorResult;
    expect(extractor.documents.map((d) => d.name)).toEqual(['mixed.eml', 'invoice.pdf']);
    expect(extractor.documents[0]!.blocks[0]!.text).toContain('Good Morning;');
    expect(extractor.documents[1]!.blocks).toEqual([{ page: null, text: 'Invoice INV-2026-118\nCustomer: ACME SA\nTotal due: 1 234,56 EUR' }]);
    const trace = await traceOf(db, id);
    expect(trace.map((t) => [t.step, t.module, t.outcome])).toEqual([
      [0, 'queue', 'success'],
      [1, 'extractor', 'success'],
      [2, 'output', 'success'],
      [3, 'webhooks', 'skipped'],
    ]);
    const [stored] = await db.select({ cpuMs: analyses.cpuMs }).from(analyses).where(eq(analyses.id, id));
    expect(stored!.cpuMs).toBe(row.cpuMs);
    // The usage ledger, which consumption counts, gets the same CPU time in the same transaction.
    const [usage] = await db.select({ cpuMs: analysisUsage.cpuMs }).from(analysisUsage).where(eq(analysisUsage.analysisId, id));
    expect(usage!.cpuMs).toBe(row.cpuMs);
  });

  it('runs the configured modules in order and records the ones not built yet as skipped, with the reason', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db, {
      modules: [
        { id: 'x', type: 'extractor', name: 'Extracteur' },
        { id: 'n', type: 'nlu', name: 'NLU' },
        { id: 'c', type: 'categorization', name: 'Catégories' },
        { id: 'v', type: 'visionEngine', name: 'Vision', active: false },
        { id: 'o', type: 'output', name: 'Sortie' },
      ],
    });
    const id = await queueAnalysis(db, envId, [{ name: 'invoice.pdf', content: fixture('pdf/invoice.pdf') }]);
    const row = await waitForEnd(db, id);
    expect(row.status).toBe('processed');
    // Stored as keys + parameters, read here as the English an API caller gets.
    expect(row.modules.find((m) => m.moduleId === 'v')!.message).toBe(JSON.stringify([{ key: 'module.deactivated', params: { name: 'Vision' } }]));
    expect(row.modules.map((m) => [m.moduleId, m.outcome, inEnglish(m.message)])).toEqual([
      ['x', 'success', '1 document(s) from 1 file(s), 1 text block(s).'],
      ['n', 'skipped', 'No NLU server of this environment has a context: nothing was analysed.'],
      ['c', 'success', 'Categories configured: 0. invoice.pdf: no category. No NLU result: interaction criteria could not hold.'],
      ['v', 'skipped', 'The module "Vision" is deactivated.'],
      ['o', 'success', expect.stringContaining('Payload built with')],
    ]);
    expect((await traceOf(db, id)).map((t) => t.module)).toEqual(['queue', 'extractor', 'nlu', 'categorization', 'visionEngine', 'output', 'webhooks']);
  });

  it('skips the extractor when it is deactivated in the extractor settings', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db, { extractor: { active: false } });
    const id = await queueAnalysis(db, envId, [{ name: 'invoice.pdf', content: fixture('pdf/invoice.pdf') }]);
    const row = await waitForEnd(db, id);
    expect(row.status).toBe('processed');
    expect(row.modules[0]).toMatchObject({ type: 'extractor', outcome: 'skipped', result: null });
    expect(row.modules[1]!.result).toMatchObject({ documents: [], unavailable: { documents: 'The extractor did not run: no text was extracted.' } });
  });

  it('ends in error when the main file cannot be read, skips what follows and tells the error webhooks', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    const hook = await insertWebhook(db, envId, { url: 'http://127.0.0.1:9/unused', type: 'error' });
    await insertWebhook(db, envId, { url: 'http://127.0.0.1:9/unused', type: 'analysis' });
    const id = await queueAnalysis(db, envId, [{ name: 'broken.pdf', content: Buffer.from('%PDF-1.7 broken') }]);
    const row = await waitForEnd(db, id);
    expect(row.status).toBe('error');
    expect(inEnglish(row.error)).toMatch(/^The main file "broken.pdf" could not be read/);
    expect(row.modules.map((m) => [m.type, m.outcome])).toEqual([['extractor', 'error'], ['output', 'skipped']]);
    // Attempt 1 of each delivery (port 9 refuses, so later attempts follow: deliveries.test.ts).
    const deliveries = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.analysisId, id), eq(webhookDeliveries.attempt, 1)));
    expect(deliveries.map((d) => [d.webhookId, d.type, d.attempt])).toEqual([[hook, 'error', 1]]);
    // Programs get the error in French (the default language) and its stable keys.
    expect(deliveries[0]!.payload).toMatchObject({
      type: 'error',
      analysis: { id, status: 'error' },
      error: expect.stringMatching(/^Le fichier principal « broken.pdf » n'a pas pu être lu/),
      errorParts: [{ key: 'extractor.mainFileNotRead', params: { name: 'broken.pdf' } }, { key: 'reason.unreadableFile' }],
    });
  });

  it('with manual final status, stays pending and awaiting after the last module, and hands the payload to consolidation webhooks', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    await insertWebhook(db, envId, { url: 'http://127.0.0.1:9/unused', type: 'consolidation' });
    await insertWebhook(db, envId, { url: 'http://127.0.0.1:9/unused', type: 'analysis' });
    const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }], { manualFinalStatus: true });
    const row = await waitForEnd(db, id);
    expect(row).toMatchObject({ status: 'pending', awaitingFinalStatus: true, finishedAt: null, claimedBy: null });
    const trace = await traceOf(db, id);
    expect(trace.slice(-2).map((t) => [t.module, t.outcome])).toEqual([['finalStatus', 'success'], ['webhooks', 'success']]);
    const deliveries = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.analysisId, id), eq(webhookDeliveries.attempt, 1)));
    expect(deliveries.map((d) => d.type)).toEqual(['consolidation']);
    expect(deliveries[0]!.payload).toMatchObject({
      type: 'consolidation',
      analysis: { status: 'pending', awaitingFinalStatus: true },
      output: { analysis: { id } },
      finalStatus: { method: 'PATCH', path: `/v4/api/environment/${envId}/analyses/${id}` },
    });
    // Not claimable any more: nothing else runs it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await traceOf(db, id)).length).toBe(trace.length);
  });

  it('stops between steps when the analysis is aborted, writing only an aborted trace row', async () => {
    const db = server.handle.db;
    const id = await queueLongAnalysis();
    // Abort the moment a worker holds it.
    for (;;) {
      const [row] = await db.select().from(analyses).where(eq(analyses.id, id));
      if (row!.status === 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await abortAnalysis(db, id);
    for (let i = 0; i < 1500; i++) {
      const trace = await traceOf(db, id);
      if (trace.some((t) => t.outcome === 'aborted')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const trace = await traceOf(db, id);
    expect({ ...trace.at(-1), message: inEnglish(trace.at(-1)?.message) }).toMatchObject({ outcome: 'aborted', message: expect.stringMatching(/^Aborted during the "(Queue|Extractor|Output)" step; no result of this run was kept\.$/) });
    expect(trace.some((t) => t.module === 'output' && t.outcome === 'success')).toBe(false);
    const [row] = await db.select().from(analyses).where(eq(analyses.id, id));
    expect(row).toMatchObject({ status: 'aborted', modules: [], claimedBy: null });
    // The CPU spent before the abort goes to the analysis and its usage-ledger row in one statement,
    // so one read of both (whether or not that statement ran yet) finds them equal.
    const [both] = await db
      .select({ analysis: analyses.cpuMs, usage: analysisUsage.cpuMs })
      .from(analyses)
      .innerJoin(analysisUsage, eq(analysisUsage.analysisId, analyses.id))
      .where(eq(analyses.id, id));
    expect(both!.usage).toBe(both!.analysis);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.analysisId, id))).toEqual([]);
  });

  it('charges the CPU time of a run cut short by a deletion to the usage ledger, which outlives the analysis', async () => {
    const db = server.handle.db;
    const id = await queueLongAnalysis();
    // Delete it while the extractor runs (the queue step's trace row is written), as the delete endpoint does.
    while ((await traceOf(db, id)).length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    const removed = await db.delete(analyses).where(and(eq(analyses.id, id), eq(analyses.status, 'pending'))).returning();
    expect(removed).toHaveLength(1);
    let cpuMs = 0;
    // Until the cut-short run has charged it: a hang guard below the test's timeout, not a time the
    // run must beat (a loaded 2-core machine took longer than 8 s).
    const deadline = Date.now() + 45_000;
    while (cpuMs === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [usage] = await db.select({ cpuMs: analysisUsage.cpuMs }).from(analysisUsage).where(eq(analysisUsage.analysisId, id));
      cpuMs = usage!.cpuMs;
    }
    expect(cpuMs).toBeGreaterThan(0);
  });

  it('never claims an analysis aborted while waiting', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }], { state: { status: 'aborted' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await traceOf(db, id)).toEqual([]);
  });

  it('takes over an analysis whose worker died (its lease ran out) and runs it again from the start', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    // What a worker that died mid-run leaves behind: pending, its claim, a lease nobody renews.
    const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }], {
      state: { status: 'pending', claimedBy: 'dead-host:1:w1', leaseExpiresAt: new Date(Date.now() + 300), claims: 1, startedAt: new Date() },
    });
    await db.execute(sql`INSERT INTO analysis_trace (id, analysis_id, run, step, module, started_at, duration_ms, outcome, message)
      VALUES (gen_random_uuid()::text, ${id}, 1, 0, 'queue', now(), 0, 'success', 'Claimed by worker dead-host:1:w1.')`);
    const row = await waitForEnd(db, id);
    expect(row).toMatchObject({ status: 'processed', claims: 2, claimedBy: null });
    const trace = await traceOf(db, id);
    expect(trace.map((t) => [t.step, t.module])).toEqual([[0, 'queue'], [1, 'queue'], [2, 'extractor'], [3, 'output'], [4, 'webhooks']]);
    expect(inEnglish(trace[1]!.message)).toMatch(/^Claimed again by worker .+ after worker dead-host:1:w1 stopped renewing its lease \(claim 2 of at most 3\); the run starts over\.$/);
  });

  it('ends in error after the bounded number of claims', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    await insertWebhook(db, envId, { url: 'http://127.0.0.1:9/unused', type: 'error' });
    const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }], {
      state: { status: 'pending', claimedBy: 'dead-host:1:w1', leaseExpiresAt: new Date(Date.now() - 1000), claims: 3, startedAt: new Date() },
    });
    const row = await waitForEnd(db, id);
    expect(row).toMatchObject({ status: 'error', claims: 4 });
    expect(inEnglish(row.error)).toBe('Stopped after 3 claims: the workers running this analysis kept stopping before the end (crash or restart).');
    expect((await traceOf(db, id)).map((t) => [t.module, t.outcome])).toEqual([['queue', 'error'], ['webhooks', 'success']]);
  });

  it('claims analyses of priority environments first', async () => {
    const db = server.handle.db;
    const plain = await createEnvironment(db);
    const urgent = await createEnvironment(db);
    await db.update(environments).set({ priority: true }).where(eq(environments.id, urgent));
    // Stored unclaimable, then queued together: the older one is in the plain environment.
    const older = await queueAnalysis(db, plain, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }], { state: { status: 'aborted' } });
    const newer = await queueAnalysis(db, urgent, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }], { state: { status: 'aborted' } });
    await db.update(analyses).set({ status: 'waiting' }).where(inArray(analyses.id, [older, newer]));
    const [a, b] = [await waitForEnd(db, older), await waitForEnd(db, newer)];
    expect(b.startedAt!.getTime()).toBeLessThanOrEqual(a.startedAt!.getTime());
  });
});
