/**
 * runOfOne against the real server (in-memory PGlite, the demo NLU environment): it launches a run
 * of one bank message, follows it to its end and answers the ended run, whose values the message's
 * latest-obtained then gives; a foreign message fails with the server's code; aborting stops the wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, serverCode } from '../../api/errors';
import { request } from '../../api/request';
import { configureRequestLayer } from '../../api/request-layer';
import { latestObtainedValues } from '../../contract/testing-center-bank';
import type { TestRunSummary } from '../../contract/testing-runs';
import { createNluRuntime } from '../../../server/nlu/runtime';
import { testRunnerOf } from '../../../server/routes/testing-runs';
import { expectCategories, insertBankMessage, mailFile } from '../../../server/testing-center/test-support';
import { createTestServer, signIn, type TestServer } from '../../../server/test-support/test-server';
import { runOfOne } from './run-one';

let server: TestServer;
const projectId = 'demo-nlu';
const environmentId = 'demo-nlu-prod';

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  const token = await signIn(server.app, 'qualifier');
  await insertBankMessage(server.handle.db, projectId, { id: 'pre-annotate', name: 'devis.eml', content: mailFile('Devis', 'Pourriez-vous me faire un devis pour une assurance auto ?'), expected: expectCategories('Demande de devis') });
  configureRequestLayer({ baseUrl: await server.app.listen({ port: 0, host: '127.0.0.1' }), getCredentials: () => ({ token }) });
}, 180_000);
afterAll(async () => {
  // A run whose wait was aborted still ends on the server: let it, before the database closes.
  await testRunnerOf(server.app)?.idle();
  await server.close();
  // Later files of this worker share the request layer's module: leave it as they expect to find it.
  configureRequestLayer({ getCredentials: () => ({}) });
});

describe('runOfOne', { timeout: 120_000 }, () => {
  it('launches a run of one message, follows it until it ends and answers it; latest-obtained then gives its values', async () => {
    const seen: TestRunSummary['status'][] = [];
    const run = await runOfOne({ projectId, environmentId, messageId: 'pre-annotate' }, { pollMs: 20, onProgress: (progress) => seen.push(progress.status) });
    expect(run).toMatchObject({ status: 'finished', setId: null, messageId: 'pre-annotate', messageName: 'devis.eml', total: 1, done: 1 });
    expect(seen[0]).toBe('queued');
    expect(run.messages).toHaveLength(1);
    expect(run.messages[0]!.obtained.categories).toEqual([expect.objectContaining({ value: 'Demande de devis' })]);
    const latest = await request(latestObtainedValues, { params: { projectId, messageId: 'pre-annotate' } });
    expect(latest).toEqual({ obtained: run.messages[0]!.obtained, run: { id: run.id, environmentName: 'Production', versionName: null, createdAt: run.createdAt } });
  });

  it("rejects with the server's code for a message the project's bank does not hold", async () => {
    const failure = await runOfOne({ projectId, environmentId, messageId: 'not-in-the-bank' }).catch((error: unknown) => error);
    expect(serverCode(failure)).toBe('testMessageNotFound');
  });

  it('stops waiting when its signal aborts, as an aborted request', async () => {
    const waiting = new AbortController();
    // A wait far longer than the test's timeout: only the abort can end it.
    const failure = await runOfOne({ projectId, environmentId, messageId: 'pre-annotate' }, { pollMs: 3_600_000, signal: waiting.signal, onProgress: () => waiting.abort() }).catch((error: unknown) => error);
    expect(isApiError(failure, 'aborted')).toBe(true);
  });
});
