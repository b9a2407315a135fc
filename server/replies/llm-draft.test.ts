/**
 * "LLM prompt" reply templates against a local server speaking the OpenAI chat protocol:
 * the rendered template is the prompt, the model's answer the draft — in the pipeline (result,
 * output) and in the Tests render; a refusal or an unconfigured service is said plainly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplyTestResult } from '../../src/contract/reply-templates';
import { abortDuringExtractor, createEnvironment, fixture, queueAnalysis, traceOf, waitForEnd } from '../pipeline/testing/analyses';
import { chatReply, startLlmTestServer, type LlmTestServer } from '../test-support/llm-server';
import { inFrench } from '../test-support/pipeline-text';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let llm: LlmTestServer;
let token = '';
const saved = { ...process.env };

beforeAll(async () => {
  llm = await startLlmTestServer();
  // Trace rows wait a minute: only the claim confirmed before a template that asks a model stops an aborted run.
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 30, leaseMs: 5000, traceWriteEveryMs: 60_000 } });
  token = await signIn(server.app, 'admin');
}, 120_000);
afterAll(async () => {
  process.env = saved;
  await server.close();
  await llm.close();
});

const PIPELINE = [
  { id: 'x', type: 'extractor', name: 'Extracteur' },
  { id: 'r', type: 'replyTemplate', name: 'Réponse', config: { llmMaxTokens: 300 } },
  { id: 'o', type: 'output', name: 'Sortie' },
] as const;
const prompt = { id: 'p', name: 'prompt', isDefault: true, llmPrompt: true, body: "Rédige une réponse courtoise en français au mail « {{ subject }} ».\n{% include 'consignes' %}" };
const rules = { id: 'c', name: 'consignes', body: 'Trois phrases au plus.' };

describe('LLM prompt templates', { timeout: 60_000 }, () => {
  it("send the rendered prompt to the model and make its answer the draft, in the result and the output", async () => {
    process.env.POSTROOM_LLM_BASE_URL = llm.url;
    process.env.POSTROOM_LLM_MODEL = 'test-model';
    llm.reset();
    llm.queue(chatReply('Bonjour, nous avons bien reçu votre message.'));
    const db = server.handle.db;
    const env = await createEnvironment(db, { modules: [...PIPELINE], replyTemplates: [prompt, rules] });
    const id = await queueAnalysis(db, env, [{ name: 'arf.eml', content: fixture('eml/arf.eml') }]);
    const row = await waitForEnd(db, id);
    const step = row.modules.find((module) => module.type === 'replyTemplate')!;
    expect(step.outcome).toBe('success');
    const expectedPrompt = 'Rédige une réponse courtoise en français au mail « FW: Earn money ».\nTrois phrases au plus.';
    expect(step.result).toEqual({
      template: { id: 'p', name: 'prompt', chosenFor: 'default', category: null },
      draft: 'Bonjour, nous avons bien reçu votre message.',
      llm: { model: 'test-model', prompt: expectedPrompt },
    });
    expect((row.modules.find((module) => module.type === 'output')!.result as { replyProposal: unknown }).replyProposal).toEqual(step.result);
    const [request] = llm.requests;
    expect(request).toMatchObject({ path: '/v1/chat/completions', body: { model: 'test-model', max_tokens: 300, messages: [{ role: 'user', content: expectedPrompt }] } });
  });

  it("record the model's refusal in the trace and the Errors tab; the analysis goes on", async () => {
    process.env.POSTROOM_LLM_BASE_URL = llm.url;
    llm.reset();
    llm.queue(chatReply('', { refusal: 'I cannot help with that.' }));
    const db = server.handle.db;
    const env = await createEnvironment(db, { modules: [...PIPELINE], replyTemplates: [prompt, rules] });
    const id = await queueAnalysis(db, env, [{ name: 'arf.eml', content: fixture('eml/arf.eml') }]);
    const row = await waitForEnd(db, id);
    expect(row.status).toBe('processed');
    expect(row.modules.find((module) => module.type === 'replyTemplate')).toMatchObject({ outcome: 'error', result: null });
    // Stored as keys: a French reader gets the reason in French, the model's own words as a technical detail.
    const traced = (await traceOf(db, id)).find((entry) => entry.module === 'replyTemplate')?.message;
    expect(inFrench(traced)).toBe('Le modèle de réponse « prompt » a échoué (modèle « prompt ») : le modèle de langage a refusé de répondre (détail technique : I cannot help with that.)');
    const errors = await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${env}/reply-templates/errors`, headers: { authorization: `Bearer ${token}` } });
    // The Errors tab gets the same reason to translate, not the client's English message to parse.
    expect(errors.json()).toMatchObject({ errors: [{ analysisId: id, code: 'llmRefused', template: 'prompt', reason: { key: 'reason.refused', params: { detail: 'I cannot help with that.' } } }] });
  });

  it('are never sent for an analysis aborted during an earlier step', async () => {
    process.env.POSTROOM_LLM_BASE_URL = llm.url;
    llm.reset();
    llm.queue(chatReply('Jamais envoyé.'));
    const db = server.handle.db;
    const env = await createEnvironment(db, {
      extractor: { parser: { document: { maxPages: 200 }, global: { useCache: false } } },
      modules: [...PIPELINE],
      replyTemplates: [prompt, rules],
    });
    const trace = await abortDuringExtractor(db, env);
    expect(trace.at(-1)).toMatchObject({ module: 'extractor', outcome: 'aborted' });
    expect(trace.map((row) => row.module)).not.toContain('replyTemplate');
    expect(llm.requests).toHaveLength(0);
  });

  it('say plainly in the Tests render that no model is configured, with the prompt rendered', async () => {
    delete process.env.POSTROOM_LLM_BASE_URL;
    const env = await createEnvironment(server.handle.db, { modules: [...PIPELINE], replyTemplates: [prompt, rules] });
    const response = await server.app.inject({
      method: 'POST',
      url: `/v4/console/api/environment/${env}/reply-templates/test`,
      headers: { authorization: `Bearer ${token}` },
      payload: { template: 'prompt', variables: { subject: 'Devis' } },
    });
    const result = response.json<ReplyTestResult>();
    expect(result.result).toBeNull();
    expect(result.rendered).toBe('Rédige une réponse courtoise en français au mail « Devis ».\nTrois phrases au plus.');
    expect(result.error).toMatchObject({ code: 'llmNotConfigured', message: expect.stringContaining('POSTROOM_LLM_BASE_URL') });
  });
});
