/**
 * Messages stored with an analysis (module outcomes, trace rows, the analysis error) are keys
 * + parameters; the console API answers them as text in the caller's Accept-Language (French by
 * default) beside the stable key, parameters and sentences. A message stored before keys existed is
 * answered as stored.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisDetail, AnalysisSummary } from '../../src/contract/analyses';
import { encodePipelineMessage, pipelineMessage, sentence } from '../../src/contract/pipeline-messages';
import { analyses, analysisTrace } from '../db/schema';
import { multipart } from '../test-support/multipart';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let authorization: string;
let analysisId: string;
const ENV = '/v4/console/api/environment/demo-ic-prod';

beforeAll(async () => {
  server = await createTestServer();
  authorization = `Bearer ${await signIn(server.app, 'qualifier')}`;
  const body = await multipart({ file: { name: 'note.eml', content: 'From: a@example.com\r\nSubject: Note\r\n\r\nHello.\r\n' } });
  const created = await server.app.inject({ method: 'POST', url: `${ENV}/analyses`, headers: { authorization, ...body.headers }, payload: body.payload });
  analysisId = created.json<AnalysisSummary>().id;
  // The state the pipeline leaves (server/pipeline/run.test.ts checks it writes these shapes).
  await server.handle.db
    .update(analyses)
    .set({
      status: 'error',
      error: pipelineMessage('extractor.mainFileUnreadable', { name: 'note.eml', reason: 'truncated' }),
      modules: [
        { moduleId: 'x', type: 'extractor', name: 'Extracteur', outcome: 'error', message: encodePipelineMessage(sentence('nlu.waited', { ms: 40 }), sentence('module.notRunEarlierFailed')), result: null },
        { moduleId: 'o', type: 'output', name: 'Sortie', outcome: 'skipped', message: 'Not run: an earlier step failed.', result: null },
      ],
    })
    .where(eq(analyses.id, analysisId));
  await server.handle.db.insert(analysisTrace).values({
    id: randomUUID(), analysisId, run: 1, step: 0, module: 'queue', startedAt: new Date(), durationMs: 0, outcome: 'success', message: pipelineMessage('trace.claimed', { worker: 'w1' }),
  });
}, 60_000);
afterAll(() => server.close());

async function detail(acceptLanguage?: string): Promise<AnalysisDetail> {
  const headers: Record<string, string> = { authorization };
  if (acceptLanguage !== undefined) headers['accept-language'] = acceptLanguage;
  const response = await server.app.inject({ method: 'GET', url: `${ENV}/analyses/${analysisId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalysisDetail>();
}

describe('analysis messages in the caller language', () => {
  it('answers French by default, with the stable key, parameters and sentences', async () => {
    const answer = await detail();
    expect(answer.trace[0]).toMatchObject({ message: 'Pris en charge par le worker w1.', messageKey: 'trace.claimed', messageParams: { worker: 'w1' } });
    expect(answer.modules[0]).toMatchObject({
      message: 'Attente de 40 ms pour son démarrage. Non exécuté : une étape précédente a échoué.',
      messageKey: 'nlu.waited',
      messageParts: [{ key: 'nlu.waited', params: { ms: 40 } }, { key: 'module.notRunEarlierFailed' }],
    });
    expect(answer.error).toBe('Le fichier principal « note.eml » n\'a pas pu être lu : truncated');
    expect(answer.errorParts).toEqual([{ key: 'extractor.mainFileUnreadable', params: { name: 'note.eml', reason: 'truncated' } }]);
  });

  it('answers English when Accept-Language asks for it', async () => {
    const answer = await detail('en-GB,en;q=0.9');
    expect(answer.trace[0]!.message).toBe('Claimed by worker w1.');
    expect(answer.modules[0]!.message).toBe('Waited 40 ms for it to start. Not run: an earlier step failed.');
    expect(answer.error).toBe('The main file "note.eml" could not be read: truncated');
  });

  it('answers a message stored before keys existed as stored, without keys', async () => {
    const answer = await detail('fr');
    expect(answer.modules[1]).toMatchObject({ message: 'Not run: an earlier step failed.', messageKey: null, messageParts: null });
  });
});
