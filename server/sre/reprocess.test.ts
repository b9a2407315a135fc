/**
 * SRE analyses screens: the cross-organisation list with its filters, and reprocess —
 * the dry-run count is what the real call requeues, only finished analyses are taken, the requeued
 * ones wait in the normal queue and are claimed fairly between organisations, progress follows the
 * batch, every call is audited, and nobody but the SRE gets in.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModuleResult } from '../../src/contract/analyses';
import type { ReprocessProgress, ReprocessResult, SreAnalysesPage, SreScopes } from '../../src/contract/sre-analyses';
import { analyses, auditLogs, environments, organisations, projects } from '../db/schema';
import { claimNextAnalysis } from '../pipeline/claim';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};
const db = () => server.handle.db;

/** A second customer with an IC environment, so the list and the fair queue span two organisations. */
const OTHER_ENV = 'sre-other-ic';

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['sre', 'support', 'admin']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
  await db().insert(organisations).values({ id: 'sre-other', name: 'Autre client' });
  await db().insert(projects).values({ id: 'sre-other-p', organisationId: 'sre-other', name: 'Courrier', type: 'IC' });
  await db().insert(environments).values({ id: OTHER_ENV, projectId: 'sre-other-p', name: 'prod' });
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await db().delete(analyses);
});

const failed = (type: ModuleResult['type']): ModuleResult[] => [
  { moduleId: 'm1', type: 'extractor', name: 'Extracteur', outcome: 'success', message: null, result: null },
  { moduleId: 'm2', type, name: type, outcome: 'error', message: 'boom', result: null },
];

let clock = Date.parse('2026-03-01T08:00:00Z');
async function add(environmentId: string, status: 'waiting' | 'pending' | 'processed' | 'error' | 'aborted', extra: Partial<typeof analyses.$inferInsert> = {}) {
  const id = randomUUID();
  clock += 60_000;
  await db()
    .insert(analyses)
    .values({ id, environmentId, name: `mail ${id.slice(0, 6)}`, inputType: 'email', status, createdAt: new Date(clock), finishedAt: status === 'waiting' || status === 'pending' ? null : new Date(clock), ...extra });
  return id;
}

const get = <T>(user: string, url: string) => server.app.inject({ method: 'GET', url, headers: headers[user] }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
const post = <T>(user: string, payload: unknown) =>
  server.app.inject({ method: 'POST', url: '/v4/console/api/admin/analyses/reprocess', headers: headers[user], payload: payload as object }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));

describe('SRE analyses list', () => {
  it('shows analyses of one project type across organisations, with each filter narrowing it', async () => {
    const extractionFailure = await add('demo-ic-prod', 'error', { modules: failed('extraction'), error: 'extraction failed' });
    const nluFailure = await add(OTHER_ENV, 'error', { modules: failed('nlu') });
    const done = await add(OTHER_ENV, 'processed');
    const core = await add('demo-nlu-prod', 'error', { modules: failed('nlu') });

    const inbox = await get<SreAnalysesPage>('sre', '/v4/console/api/admin/analyses?kind=inboxcare');
    expect(inbox.status).toBe(200);
    // Newest first, the NLU v2 project's analysis left out.
    expect(inbox.body.items.map((a) => a.id)).toEqual([done, nluFailure, extractionFailure]);
    expect(inbox.body).toMatchObject({ total: 3, totalIsEstimate: false });
    const first = inbox.body.items.find((a) => a.id === extractionFailure)!;
    expect(first).toMatchObject({
      organisation: { id: 'demo' },
      project: { id: 'demo-ic' },
      environment: { id: 'demo-ic-prod' },
      failedModule: 'extraction',
      error: 'extraction failed',
    });

    const ids = async (query: string) => (await get<SreAnalysesPage>('sre', `/v4/console/api/admin/analyses?kind=inboxcare&${query}`)).body.items.map((a) => a.id);
    expect(await ids('organisationId=sre-other')).toEqual([done, nluFailure]);
    expect(await ids(`environmentId=demo-ic-prod`)).toEqual([extractionFailure]);
    expect(await ids('status=error')).toEqual([nluFailure, extractionFailure]);
    expect(await ids('failedModule=nlu')).toEqual([nluFailure]);
    const middle = new Date(Date.parse(inbox.body.items[1]!.createdAt)).toISOString();
    expect(await ids(`from=${encodeURIComponent(middle)}`)).toEqual([done, nluFailure]);
    expect(await ids(`to=${encodeURIComponent(middle)}`)).toEqual([nluFailure, extractionFailure]);

    const coreList = await get<SreAnalysesPage>('sre', '/v4/console/api/admin/analyses?kind=core');
    expect(coreList.body.items.map((a) => a.id)).toEqual([core]);
  });

  it('pages on the server', async () => {
    for (let i = 0; i < 30; i += 1) await add(OTHER_ENV, 'processed');
    const second = await get<SreAnalysesPage>('sre', '/v4/console/api/admin/analyses?kind=inboxcare&page=2&pageSize=25');
    expect(second.body.items).toHaveLength(5);
    expect(second.body.total).toBe(30);
  });

  it('offers the organisations and environments of the project type in the filters', async () => {
    const scopes = await get<SreScopes>('sre', '/v4/console/api/admin/analyses/scopes?kind=inboxcare');
    const other = scopes.body.organisations.find((o) => o.id === 'sre-other');
    expect(other?.environments.map((e) => e.id)).toEqual([OTHER_ENV]);
    const demo = scopes.body.organisations.find((o) => o.id === 'demo')!;
    expect(demo.environments.every((e) => e.projectName === 'Courrier entrant')).toBe(true);
  });
});

describe('SRE reprocess', () => {
  it('requeues exactly what the dry run counted, skipping running and anonymized analyses', async () => {
    const errors = [
      await add('demo-ic-prod', 'error', { modules: failed('extraction'), error: 'x' }),
      await add('demo-ic-prod', 'error', { modules: failed('extraction') }),
      await add('demo-ic-prod', 'aborted'),
    ];
    const running = await add('demo-ic-prod', 'pending');
    const anonymized = await add('demo-ic-prod', 'error', { anonymizedAt: new Date() });
    const elsewhere = await add(OTHER_ENV, 'error');
    const selection = { by: 'filter', filter: { kind: 'inboxcare', environmentId: 'demo-ic-prod' } };

    const dry = await post<ReprocessResult>('sre', { selection, dryRun: true });
    expect(dry.body).toEqual({ dryRun: true, requeued: 3, skipped: 2, batchId: null });
    // A dry run changes nothing.
    expect((await db().select().from(analyses).where(eq(analyses.status, 'waiting'))).length).toBe(0);

    const real = await post<ReprocessResult>('sre', { selection, dryRun: false });
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ dryRun: false, requeued: dry.body.requeued, skipped: dry.body.skipped });
    const rows = await db().select().from(analyses);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of errors) expect(byId.get(id)).toMatchObject({ status: 'waiting', run: 2, modules: [], error: null });
    expect(byId.get(running)?.status).toBe('pending');
    expect(byId.get(anonymized)).toMatchObject({ status: 'error', run: 1 });
    expect(byId.get(elsewhere)).toMatchObject({ status: 'error', run: 1 });

    const progress = await get<ReprocessProgress>('sre', `/v4/console/api/admin/analyses/reprocess/${real.body.batchId}`);
    expect(progress.body).toMatchObject({ total: 3, waiting: 3, processed: 0, gone: 0 });
    // A worker finishes one: the progress says so.
    await db().update(analyses).set({ status: 'processed', finishedAt: new Date() }).where(eq(analyses.id, errors[0]!));
    const later = await get<ReprocessProgress>('sre', `/v4/console/api/admin/analyses/reprocess/${real.body.batchId}`);
    expect(later.body).toMatchObject({ total: 3, waiting: 2, processed: 1 });

    const [entry] = await db().select().from(auditLogs).where(and(eq(auditLogs.action, 'sre.reprocess'), eq(auditLogs.targetId, real.body.batchId!)));
    expect(entry).toMatchObject({ actorUsername: 'sre', targetType: 'reprocessBatch', method: 'POST' });
    // The dry run and the reads are in the log too (provider staff: every call).
    const logged = await db().select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.actorUsername, 'sre'));
    expect(logged.map((row) => row.action)).toEqual(expect.arrayContaining(['sre.reprocess', 'sre.reprocessProgress']));
  });

  it('reprocesses a selection by id within the screen’s project type only', async () => {
    const one = await add('demo-ic-prod', 'error');
    const core = await add('demo-nlu-prod', 'error');
    const result = await post<ReprocessResult>('sre', { selection: { by: 'ids', kind: 'inboxcare', ids: [one, core] }, dryRun: false });
    expect(result.body).toMatchObject({ requeued: 1, skipped: 0 });
    const rows = await db().select({ id: analyses.id, status: analyses.status }).from(analyses).where(inArray(analyses.id, [one, core]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({ [one]: 'waiting', [core]: 'error' });
  });

  it('puts the analyses in the normal queue, where organisations take turns', async () => {
    // The demo organisation's backlog is older and larger; the other organisation still gets the second claim.
    const demo = [];
    for (let i = 0; i < 4; i += 1) demo.push(await add('demo-ic-prod', 'error', { modules: failed('nlu') }));
    const other = await add(OTHER_ENV, 'error', { modules: failed('nlu') });
    const result = await post<ReprocessResult>('sre', { selection: { by: 'filter', filter: { kind: 'inboxcare', failedModule: 'nlu' } }, dryRun: false });
    expect(result.body.requeued).toBe(5);
    const first = await claimNextAnalysis(db(), 'worker-1', 60_000);
    const second = await claimNextAnalysis(db(), 'worker-2', 60_000);
    expect(first?.id).toBe(demo[0]);
    expect(second?.id).toBe(other);
    expect(first?.run).toBe(2);
  });

  it('refuses more than one call may requeue, and an unknown batch', async () => {
    const progress = await get<{ code: string }>('sre', '/v4/console/api/admin/analyses/reprocess/nope');
    expect(progress.status).toBe(404);
    expect(progress.body.code).toBe('reprocessBatchNotFound');
    const rows = Array.from({ length: 5_001 }, (_, i) => ({
      id: `bulk-${i}`,
      environmentId: OTHER_ENV,
      name: `bulk ${i}`,
      inputType: 'email' as const,
      status: 'error' as const,
    }));
    for (let start = 0; start < rows.length; start += 1_000) await db().insert(analyses).values(rows.slice(start, start + 1_000));
    const selection = { by: 'filter', filter: { kind: 'inboxcare' } };
    expect((await post<ReprocessResult>('sre', { selection, dryRun: true })).body.requeued).toBe(5_001);
    const refused = await post<{ code: string; params: { max: number } }>('sre', { selection, dryRun: false });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'reprocessTooMany', params: { max: 5_000 } });
    expect((await db().select().from(analyses).where(eq(analyses.status, 'waiting'))).length).toBe(0);
  });

  it('is for the SRE only: support and customers are refused every SRE analyses call', async () => {
    const id = await add('demo-ic-prod', 'error');
    for (const user of ['support', 'admin']) {
      expect((await get(user, '/v4/console/api/admin/analyses?kind=inboxcare')).status).toBe(403);
      expect((await get(user, '/v4/console/api/admin/analyses/scopes?kind=core')).status).toBe(403);
      expect((await post(user, { selection: { by: 'ids', kind: 'inboxcare', ids: [id] }, dryRun: false })).status).toBe(403);
      expect((await get(user, '/v4/console/api/admin/analyses/reprocess/any')).status).toBe(403);
    }
    const [row] = await db().select().from(analyses).where(eq(analyses.id, id));
    expect(row?.status).toBe('error');
  });
});
