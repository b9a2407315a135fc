/**
 * The vision engine in real runs (in-memory PGlite, the pipeline's worker) against a local server
 * speaking the OpenAI chat completions protocol: what it sends (model, page images, the schema), what
 * it makes of the answer (categorization criterion, output payload), and how a rate limit, a
 * timeout, a refusal, a malformed answer and a missing endpoint are recorded without losing the
 * analysis.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CategorizationResult } from '../../../../src/contract/modules/categorization';
import type { VisionEngineConfigInput, VisionEngineResult } from '../../../../src/contract/modules/vision-engine';
import { chatReply, startLlmTestServer, type LlmTestServer } from '../../../test-support/llm-server';
import { createTestServer, signIn, type TestServer } from '../../../test-support/test-server';
import { abortDuringExtractor, createEnvironment, fixture, queueAnalysis, waitForEnd } from '../../testing/analyses';
import { NO_LLM_MESSAGE } from './run-vision-engine';
import { inEnglish, inFrench } from '../../../test-support/pipeline-text';
import { decodePipelineMessage } from '../../../../src/contract/pipeline-messages';

let server: TestServer;
let llm: LlmTestServer;
const saved = { ...process.env };

beforeAll(async () => {
  llm = await startLlmTestServer();
  // Trace rows wait a minute: only the vision engine's own rule (its claim confirmed just before it) stops an aborted run.
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 20_000, traceWriteEveryMs: 60_000 } });
}, 60_000);
afterAll(async () => {
  await server.close();
  await llm.close();
});
afterEach(() => {
  llm.reset();
  for (const key of Object.keys(process.env)) if (key.startsWith('POSTROOM_LLM_')) delete process.env[key];
  Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([key]) => key.startsWith('POSTROOM_LLM_'))));
});

function useLlm(extra: Record<string, string> = {}) {
  Object.assign(process.env, { POSTROOM_LLM_BASE_URL: `${llm.url}/v1`, POSTROOM_LLM_API_KEY: 'sk-test', POSTROOM_LLM_MODEL: 'vision-test-model', ...extra });
}

const CLASSIFICATION: VisionEngineConfigInput = {
  type: 'strict_classification',
  prompt: 'Classe le document.',
  categories: [
    { key: 'claim', description: 'Déclaration de sinistre' },
    { key: 'invoice', description: 'Facture' },
  ],
};

/** Extractor → vision engine → categorization reading it → output, on the claim letter PDF. */
async function run(config: VisionEngineConfigInput) {
  const db = server.handle.db;
  const envId = await createEnvironment(db, {
    modules: [
      { id: 'x', type: 'extractor', name: 'Extracteur' },
      { id: 'v', type: 'visionEngine', name: 'Vision', config },
      {
        id: 'c',
        type: 'categorization',
        name: 'Catégorisation',
        config: {
          categories: [
            { id: 'k1', name: 'SINISTRE', rules: [{ id: 'r1', name: 'vision', criteria: [{ type: 'visionEngine', key: 'categories', condition: { operator: 'equals', value: 'claim' } }] }] },
          ],
        },
      },
      { id: 'o', type: 'output', name: 'Sortie' },
    ],
  });
  const id = await queueAnalysis(db, envId, [{ name: 'claim-letter-fr.pdf', content: fixture('pdf/claim-letter-fr.pdf') }]);
  const row = await waitForEnd(db, id, 60_000);
  const step = (moduleId: string) => row.modules.find((module) => module.moduleId === moduleId)!;
  return { envId, row, vision: step('v'), categorization: step('c'), output: step('o') };
}

type ChatBody = {
  model: string;
  messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
  response_format: { type: string; json_schema: { name: string; schema: { properties: { categories: { items: { enum: string[] } } } } } };
};

describe('vision engine module', () => {
  it('sends the pages as images with the schema, and its answer feeds categorization and the output', async () => {
    useLlm();
    llm.queue(chatReply(JSON.stringify({ categories: ['claim'], explanation: 'Un formulaire de déclaration de sinistre.' }), { model: 'vision-test-model-2026' }));
    const { envId, row, vision, categorization, output } = await run(CLASSIFICATION);

    expect(llm.requests).toHaveLength(1);
    const request = llm.requests[0]!;
    expect([request.path, request.authorization]).toEqual(['/v1/chat/completions', 'Bearer sk-test']);
    const body = request.body as ChatBody;
    expect(body.model).toBe('vision-test-model');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'vision_classification', strict: true } });
    expect(body.response_format.json_schema.schema.properties.categories.items.enum).toEqual(['claim', 'invoice']);
    const parts = body.messages[1]!.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.filter((part) => part.type === 'image_url').map((part) => part.image_url!.url.slice(0, 31))).toEqual(['data:image/png;base64,iVBORw0KG']);
    expect(parts[0]).toEqual({ type: 'text', text: 'Classe le document.' });
    expect(parts[1]!.text).toMatch(/^Text of "claim-letter-fr.pdf":\n/);

    expect(row.status).toBe('processed');
    expect([vision.outcome, inEnglish(vision.message)]).toEqual(['success', 'vision-test-model-2026 answered on 1 page image(s): categories: claim.']);
    expect(vision.result).toEqual({
      type: 'strict_classification',
      model: 'vision-test-model-2026',
      categories: ['claim'],
      fields: {},
      answer: 'Un formulaire de déclaration de sinistre.',
      pages: [{ document: 'claim-letter-fr.pdf', page: 1 }],
      pagesLeftOut: 0,
    } satisfies VisionEngineResult);
    const decision = (categorization.result as CategorizationResult).documents[0]!.categories[0]!;
    expect(decision).toMatchObject({ category: 'SINISTRE', explanation: { kind: 'rule', held: [{ evidence: ['vision categories = claim'] }] } });
    expect((output.result as { visionEngine: unknown }).visionEngine).toEqual(vision.result);

    // The categorization test on this analysis reads its vision answer as the run did, without asking the model again.
    const tested = await server.app.inject({
      method: 'POST',
      url: `/v4/console/api/environment/${envId}/categorization/test`,
      headers: { authorization: `Bearer ${await signIn(server.app, 'admin')}` },
      payload: { analysisId: row.id, moduleId: 'c' },
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json<{ result: CategorizationResult }>().result.documents[0]!.categories.map((decision) => decision.category)).toEqual(['SINISTRE']);
    expect(llm.requests).toHaveLength(1);
  }, 90_000);

  it('waits and tries again when the model answers 429, and records the attempts', async () => {
    useLlm();
    llm.queue({ status: 429, headers: { 'retry-after-ms': '50' }, body: { error: { message: 'slow down' } } }, chatReply(JSON.stringify({ categories: ['invoice'], explanation: 'Une facture' })));
    const { row, vision, categorization } = await run(CLASSIFICATION);
    expect(llm.requests).toHaveLength(2);
    expect(row.status).toBe('processed');
    expect(inEnglish(vision.message)).toBe('test-model answered on 1 page image(s): categories: invoice. It took 2 attempts.');
    expect((categorization.result as CategorizationResult).documents[0]!.categories).toEqual([]);
  }, 90_000);

  it('records a rate limit that outlasts the retries as an error, and the later modules still run', async () => {
    useLlm({ POSTROOM_LLM_MAX_ATTEMPTS: '2' });
    llm.setDefault({ status: 429, headers: { 'retry-after': '0' }, body: {} });
    const { row, vision, output } = await run(CLASSIFICATION);
    expect(llm.requests).toHaveLength(2);
    expect([row.status, vision.outcome]).toEqual(['error', 'error']);
    expect(inEnglish(vision.message)).toBe('The vision engine got no answer (llmRateLimited): the remote service limits the number of requests (too many requests): try again later. It took 2 attempts.');
    expect(row.error).toBe(vision.message);
    expect(output.outcome).toBe('success');
    expect((output.result as { unavailable: Record<string, string> }).unavailable.visionEngine).toContain('llmRateLimited');
  }, 90_000);

  it('gives up on a model that does not answer in time', async () => {
    useLlm({ POSTROOM_LLM_TIMEOUT_MS: '300' });
    llm.queue({ ...chatReply('{}'), delayMs: 2_000 });
    const { row, vision } = await run(CLASSIFICATION);
    expect([row.status, vision.outcome]).toEqual(['error', 'error']);
    expect(inEnglish(vision.message)).toBe('The vision engine got no answer (llmTimeout): it took longer than the 0.3 s allowed and was stopped.');
    // Stored as keys: a French reader gets no English sentence at all.
    expect(decodePipelineMessage(vision.message!)).toEqual([{ key: 'visionEngine.noAnswer', params: { code: 'llmTimeout', reason: { key: 'reason.timeoutAfter', params: { seconds: 0.3 } } } }]);
    expect(inFrench(vision.message)).toBe("Le moteur de vision n'a pas eu de réponse (llmTimeout) : cela a duré plus que les 0,3 s permises et a été arrêté.");
  }, 90_000);

  it('says in French that the service answered HTTP 500, its own text only as the technical detail', async () => {
    useLlm();
    llm.queue({ status: 500, body: { error: { message: 'Internal upstream failure' } } });
    const { row, vision } = await run(CLASSIFICATION);
    expect([row.status, vision.outcome]).toEqual(['error', 'error']);
    const [noAnswer] = decodePipelineMessage(vision.message!)!;
    expect(noAnswer).toMatchObject({ key: 'visionEngine.noAnswer', params: { code: 'llmHttpError', reason: { key: 'reason.httpStatus', params: { status: 500 } } } });
    expect(inFrench(vision.message)).toMatch(/^Le moteur de vision n'a pas eu de réponse \(llmHttpError\) : le service distant a répondu avec le statut HTTP 500 \(détail technique : .*Internal upstream failure.*\)\.$/);
  }, 90_000);

  it('records a refusal', async () => {
    useLlm();
    llm.queue(chatReply('', { refusal: 'I cannot read medical documents.' }));
    const { vision } = await run(CLASSIFICATION);
    expect([vision.outcome, inEnglish(vision.message)]).toEqual(['error', 'The vision engine got no answer (llmRefused): the language model refused to answer (technical detail: I cannot read medical documents.).']);
  }, 90_000);

  it('refuses an extraction answer with a field that is not configured', async () => {
    useLlm();
    llm.queue(chatReply(JSON.stringify({ fields: { policyNumber: 'AB-123', iban: 'FR76 3000' } })));
    const { vision } = await run({ type: 'strict_extraction', extractionFields: [{ field: 'policyNumber', description: 'Numéro de contrat' }] });
    expect(vision.outcome).toBe('error');
    expect(inEnglish(vision.message)).toBe("The vision engine's answer was refused (llmMalformed): the answer does not have the expected form (technical detail: fields: Unrecognized key: \"iban\" (iban)).");
    const body = llm.requests[0]!.body as { response_format: { json_schema: { schema: unknown } } };
    expect(body.response_format.json_schema.schema).toMatchObject({ properties: { fields: { required: ['policyNumber'], additionalProperties: false } } });
  }, 90_000);

  it('asks an extraction for the words behind each value and keeps them with the result', async () => {
    useLlm();
    llm.queue(chatReply(JSON.stringify({ fields: { policyNumber: 'AB-123' }, quotes: { policyNumber: 'Contrat n° AB-123' } })));
    const { vision } = await run({ type: 'strict_extraction', extractionFields: [{ field: 'policyNumber', description: 'Numéro de contrat' }] });
    expect(vision.outcome).toBe('success');
    expect(vision.result).toMatchObject({ fields: { policyNumber: 'AB-123' }, quotes: { policyNumber: 'Contrat n° AB-123' } });
    const body = llm.requests[0]!.body as { response_format: { json_schema: { schema: unknown } } };
    expect(body.response_format.json_schema.schema).toMatchObject({ required: ['fields', 'quotes'], properties: { quotes: { required: ['policyNumber'] } } });
  }, 90_000);

  it('keeps a custom answer with categories and fields that are not configured', async () => {
    useLlm();
    llm.queue(chatReply(JSON.stringify({ answer: 'Une lettre de déclaration après un incendie.', categories: ['incendie'], fields: { ville: 'Villeurbanne' } })));
    const { row, vision, output } = await run({ type: 'custom', prompt: 'Résume le document et donne la ville.', categories: [{ key: 'claim' }] });
    expect(row.status).toBe('processed');
    expect(vision.result).toMatchObject({ type: 'custom', categories: ['incendie'], fields: { ville: 'Villeurbanne' }, answer: 'Une lettre de déclaration après un incendie.' });
    expect((output.result as { visionEngine: unknown }).visionEngine).toEqual(vision.result);
    const body = llm.requests[0]!.body as ChatBody;
    expect(body.response_format.json_schema.name).toBe('vision_answer');
    expect((body.messages[1]!.content as { text?: string }[])[0]!.text).toBe('Résume le document et donne la ville.');
  }, 90_000);

  it('says plainly that no model is configured, and the analysis is processed', async () => {
    const { row, vision, output } = await run(CLASSIFICATION);
    expect(llm.requests).toHaveLength(0);
    expect(row.status).toBe('processed');
    expect([vision.outcome, vision.message]).toEqual(['skipped', NO_LLM_MESSAGE]);
    expect((output.result as { unavailable: Record<string, string> }).unavailable.visionEngine).toContain('POSTROOM_LLM_BASE_URL');
  }, 90_000);

  it('is never called for an analysis aborted during an earlier step', async () => {
    useLlm();
    const db = server.handle.db;
    const envId = await createEnvironment(db, {
      extractor: { parser: { document: { maxPages: 200 }, global: { useCache: false } } },
      modules: [
        { id: 'x', type: 'extractor', name: 'Extracteur' },
        { id: 'v', type: 'visionEngine', name: 'Vision', config: CLASSIFICATION },
        { id: 'o', type: 'output', name: 'Sortie' },
      ],
    });
    const trace = await abortDuringExtractor(db, envId);
    expect(trace.at(-1)).toMatchObject({ module: 'extractor', outcome: 'aborted' });
    expect(trace.map((row) => row.module)).not.toContain('visionEngine');
    expect(llm.requests).toHaveLength(0);
  }, 90_000);
});
