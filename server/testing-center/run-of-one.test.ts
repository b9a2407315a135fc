/**
 * A test run of one bank message (the qualification screen's pre-annotation): it runs exactly that
 * message like a set run would, names it in the summaries, and its obtained values become the
 * message's latest-obtained ones once it ended. Only the project's bank messages, only exactly one of
 * set and message, only a qualifier or more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRunSummary } from '../../src/contract/testing-runs';
import { createNluRuntime } from '../nlu/runtime';
import { testRunnerOf } from '../routes/testing-runs';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { launchTestRun } from './launch-test-run';
import { runsClient } from './runs-test-client';
import { expectCategories, insertBankMessage, insertManualSet, mailFile } from './test-support';

let server: TestServer;
let qualifier: Record<string, string>;
let viewer: Record<string, string>;
let setId: string;
const PROJECT = 'demo-nlu';
const ENVIRONMENT = 'demo-nlu-prod';

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  qualifier = { authorization: `Bearer ${await signIn(server.app, 'qualifier')}` };
  viewer = { authorization: `Bearer ${await signIn(server.app, 'viewer')}` };
  const db = server.handle.db;
  // Two bank messages that obtain different categories: a run of one must run the chosen one only.
  const ids = [
    await insertBankMessage(db, PROJECT, { id: 'one-devis', name: 'devis.eml', content: mailFile('Devis', 'Pourriez-vous me faire un devis pour une assurance auto ?'), expected: expectCategories('Demande de devis') }),
    await insertBankMessage(db, PROJECT, { id: 'one-resiliation', name: 'resiliation.eml', content: mailFile('Résiliation', "Je souhaite résilier mon contrat d'assurance habitation."), expected: {} }),
  ];
  setId = await insertManualSet(db, PROJECT, 'Both', ids);
  // A message of another project's bank.
  await insertBankMessage(db, 'demo-ic', { id: 'other-project', name: 'ailleurs.eml', content: mailFile('Devis', 'Un devis ?'), expected: {} });
}, 180_000);
afterAll(() => server.close());

const runs = runsClient(() => server, PROJECT, () => qualifier);
const devis = [{ key: 'category', document: null, format: 'string', value: 'Demande de devis' }];

describe('a test run of one message', { timeout: 300_000 }, () => {
  it('runs exactly that message for a qualifier, names it, and gives its values to latest-obtained', async () => {
    const response = await runs.launch({ environmentId: ENVIRONMENT, messageId: 'one-devis' });
    expect(response.statusCode, response.body).toBe(202);
    const summary = response.json<TestRunSummary>();
    expect(summary).toMatchObject({ setId: null, setName: null, messageId: 'one-devis', messageName: 'devis.eml', total: 1, environmentName: 'Production', versionId: null });

    const run = await runs.finished(summary.id);
    expect(run.status).toBe('finished');
    expect(run.messages.map((message) => message.messageId)).toEqual(['one-devis']);
    expect(run.messages[0]).toMatchObject({ status: 'success', obtained: { categories: devis }, expected: expectCategories('Demande de devis') });
    expect(run.counts).toEqual({ success: 1, error: 0, timeout: 0 });
    // Evaluated like a set run: the counted kinds, with metrics.
    expect(run.kinds).toContain('categories');
    expect(run.metrics.categories!.micro).toMatchObject({ tp: 1, fp: 0, fn: 0 });

    const latest = await runs.latestObtained('one-devis');
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json()).toEqual({ obtained: run.messages[0]!.obtained, run: { id: run.id, environmentName: 'Production', versionName: null, createdAt: run.createdAt } });
    // The other message of the bank did not run.
    expect((await runs.latestObtained('one-resiliation')).json()).toEqual({ obtained: null, run: null });

    const listed = (await server.app.inject({ method: 'GET', url: `${runs.base}/tests`, headers: qualifier })).json<TestRunSummary[]>().find((entry) => entry.id === run.id);
    expect(listed).toMatchObject({ setId: null, setName: null, messageId: 'one-devis', messageName: 'devis.eml', status: 'finished' });
  });

  it("answers latest-obtained with a run of one's values once it ended, not before", async () => {
    const db = server.handle.db;
    const before = (await runs.latestObtained('one-resiliation')).json<{ run: { id: string } | null }>();
    // Written but not scheduled yet: its message is still pending.
    const runId = await launchTestRun(db, { projectId: PROJECT, environmentId: ENVIRONMENT, messageId: 'one-resiliation', versionId: null, userId: null, seesPrivate: false });
    expect((await runs.latestObtained('one-resiliation')).json()).toEqual(before);
    testRunnerOf(server.app)!.schedule(runId);
    const run = await runs.finished(runId);
    expect(run.status).toBe('finished');
    const latest = (await runs.latestObtained('one-resiliation')).json<{ obtained: { categories?: unknown[] }; run: { id: string } }>();
    expect(latest.run.id).toBe(runId);
    expect(latest.obtained.categories).toEqual([expect.objectContaining({ value: 'Résiliation' })]);
  });

  it("refuses another project's message, and an unknown one, with testMessageNotFound", async () => {
    for (const messageId of ['other-project', 'no-such-message']) {
      const response = await runs.launch({ environmentId: ENVIRONMENT, messageId });
      expect(response.statusCode, messageId).toBe(404);
      expect(response.json()).toMatchObject({ code: 'testMessageNotFound', message: "Ce message n'est pas dans la banque du projet." });
    }
  });

  it('refuses both a set and a message, or neither, as an input error', async () => {
    for (const body of [{ environmentId: ENVIRONMENT, setId, messageId: 'one-devis' }, { environmentId: ENVIRONMENT }, { environmentId: ENVIRONMENT, setId: null, messageId: null }]) {
      const response = await runs.launch(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalidRequest', location: 'body' });
    }
    expect((await runs.launch({ environmentId: ENVIRONMENT })).json<{ issues: { message: string }[] }>().issues).toEqual([expect.objectContaining({ message: 'Give either setId or messageId' })]);
  });

  it('refuses a cockpit user (viewer) with 403', async () => {
    const response = await runs.launch({ environmentId: ENVIRONMENT, messageId: 'one-devis' }, viewer);
    expect(response.statusCode, response.body).toBe(403);
  });
});
