/**
 * Test runs end to end on the server: a qualifier launches a test of the demo NLU
 * environment on a set of bank messages; each message goes through the real pipeline modules (NLU,
 * categorization…) without any analysis, delivery, consumption or reply error appearing in production;
 * the results answer per-message rows and metrics with the special values; domain rules change the
 * next run; a version from the versions list runs its own configuration; private kinds stay with
 * configurators; "accept obtained" answers a finished run's values and names it.
 */
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentDetails } from '../../src/contract/environments';
import type { TestRunDetail, TestRunSummary } from '../../src/contract/testing-runs';
import { analyses, analysisUsage, replyTemplateErrors, webhookDeliveries } from '../db/schema';
import { createNluRuntime } from '../nlu/runtime';
import { testRunnerOf } from '../routes/testing-runs';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { createTestRunner } from './test-runner';
import { runsClient } from './runs-test-client';
import { expectCategories, insertBankMessage, insertManualSet, mailFile } from './test-support';

let server: TestServer;
let qualifier: Record<string, string>;
let configurator: Record<string, string>;
let setId: string;
const PROJECT = 'demo-nlu';
const base = `/v4/console/api/project/${PROJECT}/testing-center`;

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  qualifier = { authorization: `Bearer ${await signIn(server.app, 'qualifier')}` };
  configurator = { authorization: `Bearer ${await signIn(server.app, 'configurator')}` };
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

const { launch, finished } = runsClient(() => server, PROJECT, () => qualifier);


describe('test runs', { timeout: 300_000 }, () => {
  it('runs every message through the pipeline, out of production, and reports outcomes and metrics', async () => {
    const db = server.handle.db;
    const [before] = await db.select({ n: count() }).from(analyses);
    const [usageBefore] = await db.select({ n: count() }).from(analysisUsage);
    const response = await launch({ environmentId: 'demo-nlu-prod', setId, versionId: null });
    expect(response.statusCode, response.body).toBe(202);
    const summary = response.json<TestRunSummary>();
    expect(summary).toMatchObject({ total: 5, setId, setName: 'Demo set', messageId: null, messageName: null, environmentName: 'Production', versionId: null });

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

    // Nothing of it in production: no analysis, no consumption (the usage ledger), no delivery, no reply template error.
    const [after] = await db.select({ n: count() }).from(analyses);
    expect(after!.n).toBe(before!.n);
    expect((await db.select({ n: count() }).from(analysisUsage))[0]!.n).toBe(usageBefore!.n);
    expect((await db.select({ n: count() }).from(analysisUsage).where(eq(analysisUsage.environmentId, 'demo-nlu-prod')))[0]!.n).toBe(0);
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

async function detail(testId: string, headers: Record<string, string>): Promise<TestRunDetail> {
  const response = await server.app.inject({ method: 'GET', url: `${base}/tests/${testId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TestRunDetail>();
}

const categoryOf = (run: TestRunDetail, messageId: string) => run.messages.find((message) => message.messageId === messageId)!.obtained.categories?.map((entry) => entry.value);

describe('versions, accept obtained, private kinds', { timeout: 300_000 }, () => {
  it("runs a version from the versions list on that version's configuration, not the current one", async () => {
    const environment = '/v4/console/api/environment/demo-nlu-prod';
    const version = await server.app.inject({ method: 'POST', url: `${environment}/versions`, headers: configurator, payload: { name: `Avant renommage ${Date.now()}` } });
    expect(version.statusCode, version.body).toBe(201);
    const { id: versionId, name: versionName } = version.json<{ id: string; name: string }>();
    const current = (await server.app.inject({ method: 'GET', url: `${environment}/settings`, headers: configurator })).json<EnvironmentDetails>();
    // The current configuration now names the category differently: what each run obtains tells them apart.
    const renamed = structuredClone(current.settings);
    const categorization = renamed.modules.find((module) => module.type === 'categorization')!;
    const config = categorization.config as { categories: { name: string }[] };
    config.categories.find((category) => category.name === 'Résiliation')!.name = 'Résiliation de contrat';
    const save = (settings: typeof current.settings) =>
      server.app.inject({ method: 'PUT', url: `${environment}/settings`, headers: configurator, payload: { name: current.name, visibility: current.visibility, priority: current.priority, settings } });
    expect((await save(renamed)).statusCode).toBe(200);
    try {
      const now = await finished((await launch({ environmentId: 'demo-nlu-prod', setId, versionId: null })).json<TestRunSummary>().id);
      expect(categoryOf(now, 'bank-resiliation')).toEqual(['Résiliation de contrat']);
      expect(now.messages.find((message) => message.messageId === 'bank-resiliation')!.outcomes.categories!.map((row) => `${row.outcome} ${row.value}`).sort()).toEqual(['FN Résiliation', 'FP Résiliation de contrat']);

      const launched = await launch({ environmentId: 'demo-nlu-prod', setId, versionId });
      expect(launched.statusCode, launched.body).toBe(202);
      expect(launched.json<TestRunSummary>()).toMatchObject({ versionId, versionName });
      const then = await finished(launched.json<TestRunSummary>().id);
      expect(then.versionName).toBe(versionName);
      expect(categoryOf(then, 'bank-resiliation')).toEqual(['Résiliation']);
      expect(then.messages.find((message) => message.messageId === 'bank-resiliation')!.outcomes.categories).toEqual([expect.objectContaining({ value: 'Résiliation', outcome: 'TP' })]);

      // "Accept obtained" takes the newest run's values (the version's) and names that run.
      const latest = await server.app.inject({ method: 'GET', url: `${base}/messages/bank-resiliation/latest-obtained`, headers: qualifier });
      expect(latest.statusCode, latest.body).toBe(200);
      expect(latest.json()).toEqual({
        obtained: then.messages.find((message) => message.messageId === 'bank-resiliation')!.obtained,
        run: { id: then.id, environmentName: 'Production', versionName, createdAt: then.createdAt },
      });
    } finally {
      expect((await save(current.settings)).statusCode).toBe(200);
    }
  });

  it("answers \"accept obtained\" with a finished run's obtained values, named by environment, configuration and date", async () => {
    const run = await finished((await launch({ environmentId: 'demo-nlu-prod', setId, versionId: null })).json<TestRunSummary>().id);
    const latest = (await server.app.inject({ method: 'GET', url: `${base}/messages/bank-devis/latest-obtained`, headers: qualifier })).json<{ obtained: Record<string, unknown>; run: unknown }>();
    expect(latest.obtained.categories).toEqual([{ key: 'category', document: null, format: 'string', value: 'Demande de devis' }]);
    expect(latest.obtained).toEqual(run.messages.find((message) => message.messageId === 'bank-devis')!.obtained);
    expect(latest.run).toEqual({ id: run.id, environmentName: 'Production', versionName: null, createdAt: run.createdAt });
    // A message with no file ended in error: what it obtained (nothing) is still the latest run's.
    expect((await server.app.inject({ method: 'GET', url: `${base}/messages/bank-empty/latest-obtained`, headers: qualifier })).json()).toEqual({ obtained: {}, run: expect.objectContaining({ id: run.id }) });
  });

  it('leaves a private kind out below configurator, the list\'s micro F1 included, and marks a message that left the bank', async () => {
    const db = server.handle.db;
    const leaving = await insertBankMessage(db, PROJECT, { id: 'bank-leaving', name: 'leaving.eml', content: mailFile('Résiliation', "Je souhaite résilier mon contrat d'assurance habitation."), expected: expectCategories('Résiliation') });
    const privateSet = await insertManualSet(db, PROJECT, 'Private set', [leaving, 'bank-devis']);
    const kinds = (visibility: (kind: string) => string) =>
      Object.fromEntries(['categories', 'attachments_categories', 'extracted_informations', 'extracted_informations_attachments', 'rpa'].map((kind) => [kind, { ignored: false, visibility: visibility(kind) }]));
    const parameters = (visibility: (kind: string) => string) => server.app.inject({ method: 'PUT', url: `${base}/parameters`, headers: configurator, payload: { kinds: kinds(visibility) } });
    expect((await parameters((kind) => (kind === 'categories' ? 'private' : 'public'))).statusCode).toBe(200);
    try {
      const id = (await launch({ environmentId: 'demo-nlu-prod', setId: privateSet, versionId: null })).json<TestRunSummary>().id;
      await testRunnerOf(server.app)!.idle();

      const seen = await detail(id, qualifier);
      expect(seen.status).toBe('finished');
      expect(seen.kinds).not.toContain('categories');
      expect(seen.metrics.categories).toBeUndefined();
      expect(seen.microF1).toBeNull();
      for (const message of seen.messages) {
        expect(message.expected.categories).toBeUndefined();
        expect(message.obtained.categories).toBeUndefined();
        expect(message.outcomes.categories).toBeUndefined();
      }
      const full = await detail(id, configurator);
      expect(full.kinds).toContain('categories');
      expect(full.metrics.categories!.micro).toMatchObject({ tp: 2, fp: 0, fn: 0 });
      expect(full.microF1).toBe(1);

      // The list's headline figure is the categories' micro F1: none for the qualifier.
      const listed = async (headers: Record<string, string>) => (await server.app.inject({ method: 'GET', url: `${base}/tests`, headers })).json<TestRunSummary[]>().find((run) => run.id === id)!;
      expect((await listed(qualifier)).microF1).toBeNull();
      expect((await listed(configurator)).microF1).toBe(1);
      // "Accept obtained" keeps the private kind to configurators as well.
      const latest = (headers: Record<string, string>) => server.app.inject({ method: 'GET', url: `${base}/messages/${leaving}/latest-obtained`, headers });
      const forQualifier = (await latest(qualifier)).json<{ obtained: Record<string, unknown>; run: { id: string } }>();
      expect(forQualifier.run.id).toBe(id);
      expect(Object.keys(forQualifier.obtained)).not.toContain('categories');
      expect(Object.keys(forQualifier.obtained)).toContain('rpa');
      expect((await latest(configurator)).json<{ obtained: Record<string, unknown> }>().obtained.categories).toEqual([expect.objectContaining({ value: 'Résiliation' })]);

      // The run outlives a message deleted from the bank; the answer says which one is gone.
      expect((await server.app.inject({ method: 'POST', url: `${base}/messages/delete`, headers: qualifier, payload: { messageIds: [leaving] } })).statusCode).toBe(200);
      const after = await detail(id, qualifier);
      expect(Object.fromEntries(after.messages.map((message) => [message.messageId, message.inBank]))).toEqual({ 'bank-leaving': false, 'bank-devis': true });
    } finally {
      await parameters(() => 'public');
    }
  });
});

describe('metrics recomputed from the answered rows', { timeout: 300_000 }, () => {
  it('gives back, from GET …/tests/{testId} messages[].outcomes read in slices, the counts and micro F1 the run answers', async () => {
    const db = server.handle.db;
    const mails = [
      ['Résiliation', "Je souhaite résilier mon contrat d'assurance habitation."],
      ['Devis', 'Pourriez-vous me faire un devis pour une assurance auto ?'],
      ['Déménagement', "Je change d'adresse le mois prochain, voici ma nouvelle adresse."],
      ['Bonjour', 'Un message sans demande particulière.'],
    ] as const;
    const categories = ['Résiliation', 'Demande de devis', "Changement d'adresse", 'Déclaration de sinistre', 'Autre'];
    // Generated, with a fixed seed: which mail, and what was qualified (nothing, no category, one, two).
    const generated = fc.sample(
      fc.record({
        mail: fc.integer({ min: 0, max: mails.length - 1 }),
        expected: fc.oneof(fc.constant(null), fc.uniqueArray(fc.constantFrom(...categories), { minLength: 0, maxLength: 2 })),
      }),
      { numRuns: 24, seed: 16 },
    );
    const ids: string[] = [];
    for (const [index, message] of generated.entries()) {
      const [subject, body] = mails[message.mail]!;
      ids.push(await insertBankMessage(db, PROJECT, { id: `generated-${index}`, name: `generated-${index}.eml`, content: mailFile(subject, body), expected: message.expected === null ? {} : expectCategories(...message.expected) }));
    }
    const generatedSet = await insertManualSet(db, PROJECT, 'Generated set', ids);
    // Rules that bring every special value in: "Autre" is out of scope, a claim counts as a cancellation.
    const rules = { inScope: ['Résiliation', 'Demande de devis', "Changement d'adresse"], skipped: [], merged: [{ from: 'Déclaration de sinistre', into: 'Résiliation' }] };
    expect((await server.app.inject({ method: 'PUT', url: `${base}/domain-rules`, headers: qualifier, payload: rules })).statusCode).toBe(200);
    try {
      const id = (await launch({ environmentId: 'demo-nlu-prod', setId: generatedSet, versionId: null })).json<TestRunSummary>().id;
      await testRunnerOf(server.app)!.idle();
      // Read as the results page reads it: in slices.
      const messages: TestRunDetail['messages'] = [];
      let run: TestRunDetail | undefined;
      while (run === undefined || messages.length < run.total) {
        const slice = (await server.app.inject({ method: 'GET', url: `${base}/tests/${id}?offset=${messages.length}&limit=7`, headers: qualifier })).json<TestRunDetail>();
        run ??= slice;
        expect(slice.messages.length).toBeGreaterThan(0);
        messages.push(...slice.messages);
      }
      expect(run.status).toBe('finished');
      expect(messages.map((message) => message.messageId)).toEqual(ids);

      const values = new Set(messages.flatMap((message) => (message.outcomes.categories ?? []).map((row) => row.value)));
      expect([...values]).toEqual(expect.arrayContaining(['NO_QUALIFIED', 'NO_CATEGORY', 'NO_DOMAIN_RULE']));
      for (const kind of run.kinds) {
        const counts = new Map<string, { tp: number; fp: number; fn: number }>();
        for (const message of messages) {
          for (const row of message.outcomes[kind] ?? []) {
            if (row.outcome === 'SKIPPED') continue;
            const count = counts.get(row.value) ?? { tp: 0, fp: 0, fn: 0 };
            count[row.outcome === 'TP' ? 'tp' : row.outcome === 'FP' ? 'fp' : 'fn'] += 1;
            counts.set(row.value, count);
          }
        }
        const metrics = run.metrics[kind]!;
        expect(Object.fromEntries(metrics.perValue.map((row) => [row.value, { tp: row.tp, fp: row.fp, fn: row.fn }]))).toEqual(Object.fromEntries(counts));
        const averaged = [...counts].filter(([value]) => value !== 'NO_QUALIFIED').map(([, count]) => count);
        const tp = averaged.reduce((sum, count) => sum + count.tp, 0);
        const fp = averaged.reduce((sum, count) => sum + count.fp, 0);
        const fn = averaged.reduce((sum, count) => sum + count.fn, 0);
        expect(metrics.micro).toMatchObject({ tp, fp, fn });
        expect(metrics.micro.f1).toBeCloseTo(tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn), 10);
      }
      const listed = (await server.app.inject({ method: 'GET', url: `${base}/tests`, headers: qualifier })).json<TestRunSummary[]>().find((entry) => entry.id === id)!;
      expect(listed.microF1).toBeCloseTo(run.metrics.categories!.micro.f1, 10);
      expect(listed.microF1).toBeGreaterThan(0);
    } finally {
      await server.app.inject({ method: 'PUT', url: `${base}/domain-rules`, headers: qualifier, payload: { inScope: [], skipped: [], merged: [] } });
    }
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
