/**
 * Test runs end to end on the server (issue 16): a qualifier launches a test of the demo NLU
 * environment on a set of bank messages; each message goes through the real pipeline modules (NLU,
 * categorization…) without any analysis, delivery or reply error appearing in production; the results
 * answer per-message rows and metrics with the special values; domain rules change the next run.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRunDetail, TestRunSummary } from '../../src/contract/testing-runs';
import { analyses, replyTemplateErrors, webhookDeliveries } from '../db/schema';
import { createNluRuntime } from '../nlu/runtime';
import { testRunnerOf } from '../routes/testing-runs';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { createTestRunner } from './test-runner';
import { expectCategories, insertBankMessage, insertManualSet, mailFile } from './test-support';

let server: TestServer;
let qualifier: Record<string, string>;
let setId: string;
const PROJECT = 'demo-nlu';
const base = `/v4/console/api/project/${PROJECT}/testing-center`;

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  qualifier = { authorization: `Bearer ${await signIn(server.app, 'qualifier')}` };
  const db = server.handle.db;
  const ids = [
    await insertBankMessage(db, PROJECT, { id: 'bank-resiliation', name: 'resiliation.eml', content: mailFile('Résiliation', 'Je souhaite résilier mon contrat d\'assurance habitation.'), expected: expectCategories('Résiliation') }),
    await insertBankMessage(db, PROJECT, { id: 'bank-devis', name: 'devis.eml', content: mailFile('Devis', 'Pourriez-vous me faire un devis pour une assurance auto ?'), expected: expectCategories('Demande de devis') }),
    // Qualified as a change of address, but the mail asks for a quote: a false negative and a false positive.
    await insertBankMessage(db, PROJECT, { id: 'bank-wrong', name: 'wrong.eml', content: mailFile('Devis', 'Pourriez-vous me faire un devis pour une assurance auto ?'), expected: expectCategories("Changement d'adresse") }),
    await insertBankMessage(db, PROJECT, { id: 'bank-unqualified', name: 'unqualified.eml', content: mailFile('Bonjour', 'Un message sans qualification.'), expected: {} }),
    // No file at all: the extractor has nothing to read, the message ends in error.
    await insertBankMessage(db, PROJECT, { id: 'bank-empty', name: 'empty.eml', content: null, expected: expectCategories('Résiliation') }),
  ];
  setId = await insertManualSet(db, PROJECT, 'Demo set', ids);
}, 180_000);
afterAll(() => server.close());

async function launch(body: Record<string, unknown>, headers = qualifier) {
  return server.app.inject({ method: 'POST', url: `${base}/tests`, headers, payload: body });
}

async function finished(testId: string): Promise<TestRunDetail> {
  await testRunnerOf(server.app)!.idle();
  const response = await server.app.inject({ method: 'GET', url: `${base}/tests/${testId}`, headers: qualifier });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TestRunDetail>();
}


describe('test runs', { timeout: 300_000 }, () => {
  it('runs every message through the pipeline, out of production, and reports outcomes and metrics', async () => {
    const db = server.handle.db;
    const [before] = await db.select({ n: count() }).from(analyses);
    const response = await launch({ environmentId: 'demo-nlu-prod', setId, versionId: null });
    expect(response.statusCode, response.body).toBe(202);
    const summary = response.json<TestRunSummary>();
    expect(summary).toMatchObject({ total: 5, setName: 'Demo set', environmentName: 'Production', versionId: null });

    const run = await finished(summary.id);
    expect(run.status).toBe('finished');
    expect(run.done).toBe(5);
    const byId = Object.fromEntries(run.messages.map((message) => [message.messageId, message]));
    expect(byId['bank-resiliation']!.status).toBe('success');
    expect(byId['bank-resiliation']!.obtained.categories).toEqual([{ key: 'category', document: null, format: 'string', value: 'Résiliation' }]);
    expect(byId['bank-resiliation']!.outcomes.categories).toEqual([expect.objectContaining({ value: 'Résiliation', outcome: 'TP', rule: 'exact' })]);
    expect(byId['bank-resiliation']!.firedRules).toEqual([{ category: 'Résiliation', rule: 'Catégorisation › resilierContrat' }]);
    expect(byId['bank-empty']).toMatchObject({ status: 'error', error: { code: 'testMessageNoFile' } });
    expect(byId['bank-unqualified']!.outcomes.categories).toEqual([expect.objectContaining({ value: 'NO_QUALIFIED', outcome: 'FN' })]);
    expect(run.counts).toEqual({ success: 4, error: 1, timeout: 0 });

    // Hand count: TP Résiliation, TP Demande de devis, FN Changement d'adresse + FP Demande de devis,
    // FN Résiliation + FP NO_CATEGORY (the empty message), FN NO_QUALIFIED (out of the averages).
    const metrics = run.metrics.categories!;
    const row = (value: string) => metrics.perValue.find((entry) => entry.value === value);
    expect(row('Résiliation')).toMatchObject({ tp: 1, fp: 0, fn: 1, support: 2 });
    expect(row('Demande de devis')).toMatchObject({ tp: 1, fp: 1, fn: 0, precision: 0.5, recall: 1 });
    expect(row("Changement d'adresse")).toMatchObject({ tp: 0, fn: 1 });
    expect(row('NO_CATEGORY')).toMatchObject({ fp: 1 });
    expect(row('NO_QUALIFIED')).toMatchObject({ fn: 1 });
    expect(metrics.micro).toMatchObject({ tp: 2, fp: 2, fn: 2 });
    expect(metrics.micro.f1).toBeCloseTo(0.5);

    // Nothing of it in production: no analysis, no delivery, no reply template error.
    const [after] = await db.select({ n: count() }).from(analyses);
    expect(after!.n).toBe(before!.n);
    expect((await db.select({ n: count() }).from(webhookDeliveries))[0]!.n).toBe(0);
    expect((await db.select({ n: count() }).from(replyTemplateErrors).where(eq(replyTemplateErrors.environmentId, 'demo-nlu-prod')))[0]!.n).toBe(0);

    const list = await server.app.inject({ method: 'GET', url: `${base}/tests`, headers: qualifier });
    expect(list.json<TestRunSummary[]>()[0]).toMatchObject({ id: summary.id, status: 'finished', microF1: expect.closeTo(0.5, 5) });
  });

  it('applies the domain rules saved before a run: a merged category counts as its target', async () => {
    const put = await server.app.inject({ method: 'PUT', url: `${base}/domain-rules`, headers: qualifier, payload: { inScope: [], skipped: [], merged: [{ from: 'Demande de devis', into: "Changement d'adresse" }] } });
    expect(put.statusCode, put.body).toBe(200);
    const run = await finished((await launch({ environmentId: 'demo-nlu-prod', setId, versionId: null })).json<TestRunSummary>().id);
    const wrong = run.messages.find((message) => message.messageId === 'bank-wrong')!;
    expect(wrong.outcomes.categories).toEqual([expect.objectContaining({ value: "Changement d'adresse", outcome: 'TP', rule: 'v1.merged' })]);
    expect(run.rules.v1.merged).toHaveLength(1);
    await server.app.inject({ method: 'PUT', url: `${base}/domain-rules`, headers: qualifier, payload: { inScope: [], skipped: [], merged: [] } });
  });

  it('refuses rules that contradict themselves, with a code', async () => {
    const put = await server.app.inject({ method: 'PUT', url: `${base}/domain-rules`, headers: qualifier, payload: { inScope: [], skipped: ['A'], merged: [{ from: 'B', into: 'A' }] } });
    expect(put.statusCode).toBe(422);
    // The reason by code and names (no English sentence for the console); the message in French by default.
    expect(put.json()).toMatchObject({ code: 'domainRulesInvalid', params: { problem: 'mergedIntoSkipped', from: 'B', into: 'A' } });
    expect(put.json<{ message: string }>().message).toBe('Règles incohérentes : « B » est fusionnée dans « A », qui est ignorée');
    const v2 = await server.app.inject({
      method: 'PUT',
      url: `${base}/domain-rules-v2`,
      headers: qualifier,
      payload: { kinds: [{ kind: 'extracted_informations', formats: { number: { mode: 'sameDay' } } }] },
    });
    expect(v2.statusCode).toBe(422);
    expect(v2.json()).toMatchObject({ params: { problem: 'modeNotForFormat', kind: 'extracted_informations', mode: 'sameDay', format: 'number' } });
    expect(v2.json<{ message: string }>().message).toBe('Règles incohérentes : Informations extraites : la comparaison « Même jour » ne s\'applique pas au format « Nombre »');
  });

  it('refuses, for a category kind, a comparison other than exact or insensitive', async () => {
    const put = (kind: string, mode: string, headers = qualifier) =>
      server.app.inject({ method: 'PUT', url: `${base}/domain-rules-v2`, headers, payload: { kinds: [{ kind, formats: { string: { mode } } }] } });
    const sameDay = await put('categories', 'sameDay');
    expect(sameDay.statusCode).toBe(422);
    expect(sameDay.json()).toMatchObject({ code: 'domainRulesInvalid', params: { problem: 'modeNotForKind', kind: 'categories', mode: 'sameDay' } });
    expect(sameDay.json<{ message: string }>().message).toBe(
      "Règles incohérentes : Catégories : la comparaison « Même jour » ne s'applique pas aux catégories (seulement « Exact » ou « Sans casse ni accents »)",
    );
    const english = await put('attachments_categories', 'sameDay', { ...qualifier, 'accept-language': 'en' });
    expect(english.json()).toMatchObject({ params: { problem: 'modeNotForKind', kind: 'attachments_categories' } });
    expect(english.json<{ message: string }>().message).toMatch(/Attachment categories: the "Same day" comparison does not apply to categories/);
    // A number mode on category names is refused too; what makes sense is kept.
    expect((await server.app.inject({ method: 'PUT', url: `${base}/domain-rules-v2`, headers: qualifier, payload: { kinds: [{ kind: 'categories', formats: { number: { mode: 'tolerance', tolerance: 1 } } }] } })).json()).toMatchObject({
      params: { problem: 'modeNotForKind', mode: 'tolerance' },
    });
    expect((await put('categories', 'insensitive')).statusCode).toBe(200);
    // "Same day" still applies to a field kind's dates.
    expect((await put('extracted_informations', 'sameDay')).statusCode).toBe(200);
    await server.app.inject({ method: 'PUT', url: `${base}/domain-rules-v2`, headers: qualifier, payload: { kinds: [] } });
  });

  it('answers stable codes for a foreign set, environment or version', async () => {
    expect((await launch({ environmentId: 'demo-ic-prod', setId, versionId: null })).json()).toMatchObject({ code: 'testEnvironmentNotFound' });
    expect((await launch({ environmentId: 'demo-nlu-prod', setId: 'nope', versionId: null })).json()).toMatchObject({ code: 'testSetNotFound' });
    expect((await launch({ environmentId: 'demo-nlu-prod', setId, versionId: 'nope' })).json()).toMatchObject({ code: 'testVersionNotFound' });
    // The qualifier does not see the private staging environment.
    expect((await launch({ environmentId: 'demo-nlu-recette', setId, versionId: null })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `${base}/tests/nope`, headers: qualifier })).json()).toMatchObject({ code: 'testNotFound' });
  });

  it('ends a message that takes too long in timeout', async () => {
    const db = server.handle.db;
    const summary = (await launch({ environmentId: 'demo-nlu-prod', setId, versionId: null })).json<TestRunSummary>();
    await testRunnerOf(server.app)!.idle();
    // Run the same set again with a runner whose deadline no message can meet.
    const { launchTestRun } = await import('./launch-test-run');
    const runId = await launchTestRun(db, { projectId: PROJECT, environmentId: 'demo-nlu-prod', setId, versionId: null, userId: null, seesPrivate: false });
    const runner = createTestRunner({ db, nlu: createNluRuntime({ startupMs: 0 }), messageTimeoutMs: 1 });
    runner.schedule(runId);
    await runner.idle();
    const run = await finished(runId);
    // Every message with a file is late; the one without ends in error before any module runs.
    expect(run.messages.map((message) => message.status)).toEqual(['timeout', 'timeout', 'timeout', 'timeout', 'error']);
    // Stored as codes with their parameters, translated by the console (never an English sentence).
    expect(run.messages[0]!.error).toEqual({ code: 'testMessageTimeout', params: { timeoutMs: 1 } });
    expect(run.messages[4]!.error).toEqual({ code: 'testMessageNoFile', params: {} });
    expect(run.status).toBe('finished');
    expect(summary.id).not.toBe(runId);
  });
});

describe('demo runs', { timeout: 300_000 }, () => {
  it('queues two runs of the demo bank, the second after a rule change, and runs them', async () => {
    const { seedDemoTestRuns, DEMO_RULE_CHANGE } = await import('./seed-demo-runs');
    const db = server.handle.db;
    // The project already has runs (above): the demo seed leaves it alone.
    expect(await seedDemoTestRuns(db)).toBe(0);
    await db.delete((await import('../db/schema-testing-runs')).testingRuns);
    expect(await seedDemoTestRuns(db)).toBe(2);
    const runner = testRunnerOf(server.app)!;
    await runner.resumeUnfinished();
    await runner.idle();
    const list = (await server.app.inject({ method: 'GET', url: `${base}/tests`, headers: qualifier })).json<TestRunSummary[]>();
    expect(list.map((run) => run.status)).toEqual(['finished', 'finished']);
    const newest = await finished(list[0]!.id);
    expect(newest.rules.v1).toEqual(DEMO_RULE_CHANGE);
    await server.app.inject({ method: 'PUT', url: `${base}/domain-rules`, headers: qualifier, payload: { inScope: [], skipped: [], merged: [] } });
  });
});
