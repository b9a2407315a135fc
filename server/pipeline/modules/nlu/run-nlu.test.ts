// PostgreSQL pass: the NLU result crosses the node-postgres driver as bytes (bytea parameters and results).
/**
 * The NLU module in the pipeline: an analysis of the French claim letter goes through the
 * server linked to the module's context; a stopped server is started (the trace says so); the output
 * payload carries the NLU result when the "NLU output" option is on; the analysis detail returns it.
 * Exact words only, so any correct engine gives these results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisDetail } from '../../../../src/contract/analyses';
import type { EnvironmentModuleInput } from './test-modules';
import type { NluModuleResult } from '../../../../src/contract/nlu-module';
import { createNluRuntime } from '../../../nlu/runtime';
import { runNluModule } from './run-nlu';
import { readHeld } from '../../../module-workers/held-json';
import { createEnvironment, fixture, insertWebhook, queueAnalysis, traceOf, waitForEnd } from '../../testing/analyses';
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '../../../db/schema';
import { createTestServer, signIn, type TestServer } from '../../../test-support/test-server';
import { inEnglish } from '../../../test-support/pipeline-text';

let server: TestServer;
let token = '';
const runtime = createNluRuntime({ startupMs: 150 });

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 5000, parseDeadlineMs: 120_000 }, nlu: runtime });
  token = await signIn(server.app, 'admin');
}, 180_000);
afterAll(() => server.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

function pipeline(nlu: Partial<EnvironmentModuleInput>, output: Record<string, unknown> = {}): EnvironmentModuleInput[] {
  return [
    { id: 'x', type: 'extractor', name: 'Extracteur' },
    { id: 'n', type: 'nlu', name: 'NLU', context: 'sinistres', ...nlu },
    { id: 'o', type: 'output', name: 'Sortie', config: output },
  ];
}

/** An environment with a claim configuration; its server is linked to `sinistres` unless told otherwise. */
async function environment(modules: EnvironmentModuleInput[], linked = true): Promise<string> {
  const envId = await createEnvironment(server.handle.db, { modules });
  const post = async (path: string, body: object) => {
    const response = await api('POST', `/environment/${envId}/nlu${path}`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ item: { id: string } }>().item;
  };
  await post('/archetypes', { name: 'sinistre', dictionaries: { fr: 'sinistre;sinistres\nincendie;incendies' } });
  await post('/archetypes', { name: 'contrat', dictionaries: { fr: 'contrat;contrats' } });
  const context = await post('/contexts', { name: 'sinistres', languages: ['fr'] });
  await post('/interactions', {
    contextId: context.id,
    name: 'declarerSinistre',
    parameters: [
      { name: 'evenement', position: 0, archetype: 'sinistre', multiple: true },
      { name: 'contrat', position: 1, archetype: 'contrat' },
    ],
  });
  await post('/servers', { name: 'principal', contexts: linked ? ['sinistres'] : [] });
  return envId;
}

/** The machine may be busy: parsing and the run get time. */
const end = (id: string) => waitForEnd(server.handle.db, id, 150_000);

const claimLetter = () => [{ name: 'claim-letter-fr.pdf', content: fixture('pdf/claim-letter-fr.pdf') }];

describe('the NLU module', { timeout: 300_000 }, () => {
  it('analyses every block through the linked server, starting it, and the output carries the result', async () => {
    const envId = await environment(pipeline({}, { nluOutput: true }));
    await insertWebhook(server.handle.db, envId, { url: 'http://127.0.0.1:9/unused', type: 'analysis' });
    const id = await queueAnalysis(server.handle.db, envId, claimLetter());
    const row = await end(id);
    expect(row.status).toBe('processed');

    const nlu = row.modules.find((module) => module.type === 'nlu')!;
    expect(nlu.outcome).toBe('success');
    expect(inEnglish(nlu.message)).toContain('Server "principal" was stopped: the analysis started it.');
    expect(inEnglish(nlu.message)).toMatch(/Waited \d+ ms for it to start\./);
    expect(inEnglish(nlu.message)).toContain('Complete interaction(s): declarerSinistre.');
    const result = nlu.result as NluModuleResult;
    expect(result).toMatchObject({ server: 'principal', context: 'sinistres', blocksNotAnalysed: 0 });
    expect(result.blocks).toHaveLength(1);
    expect(result.blocks[0]).toMatchObject({ document: 0, block: 0, documentName: 'claim-letter-fr.pdf', source: 'main' });
    const interaction = result.blocks[0]!.result.interactions.find((i) => i.id === 'declarerSinistre')!;
    expect(interaction.complete).toBe(true);
    expect(interaction.parameters.evenement!.map((v) => v.text)).toEqual(expect.arrayContaining(['sinistre', 'incendie']));
    expect(interaction.parameters.contrat!.map((v) => v.value)).toEqual(['contrat']);
    // Spans point into the block's own text.
    const text = (row.modules[0]!.result as { documents: { blocks: { text: string }[] }[] }).documents[0]!.blocks[0]!.text;
    for (const value of interaction.parameters.evenement!) expect(text.slice(value.start, value.end)).toBe(value.text);
    expect(result.blocks[0]!.result.labels.map((l) => l.archetype)).toEqual(expect.arrayContaining(['sinistre', 'contrat']));

    const trace = await traceOf(server.handle.db, id);
    expect(inEnglish(trace.find((t) => t.module === 'nlu')?.message)).toContain('was stopped: the analysis started it');
    const output = row.modules.find((module) => module.type === 'output')!.result as { nlu: unknown; unavailable: Record<string, string> };
    expect(output.nlu).toEqual(result);
    expect(output.unavailable.nlu).toBeUndefined();
    // The analysis webhook's payload carries the same output, NLU result included.
    const [delivery] = await server.handle.db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries).where(eq(webhookDeliveries.analysisId, id));
    expect((delivery!.payload as { output: unknown }).output).toEqual(output);

    const detail = (await api('GET', `/environment/${envId}/analyses/${id}`)).json<AnalysisDetail>();
    expect(detail.modules.find((module) => module.type === 'nlu')?.result).toEqual(result);
    const servers = (await api('GET', `/environment/${envId}/nlu/servers`)).json<{ status: string; lastUsedAt: string | null }[]>();
    expect(servers[0]).toMatchObject({ status: 'started' });
    expect(servers[0]!.lastUsedAt).not.toBeNull();

    // The server is started now: the next analysis says nothing about starting it.
    const again = await end(await queueAnalysis(server.handle.db, envId, claimLetter()));
    expect(inEnglish(again.modules.find((module) => module.type === 'nlu')!.message)).not.toContain('was stopped');
  });

  it('leaves the NLU result out of the output when the option is off', async () => {
    const envId = await environment(pipeline({}, { nluOutput: false }));
    const row = await end(await queueAnalysis(server.handle.db, envId, claimLetter()));
    expect(row.modules.find((module) => module.type === 'nlu')!.outcome).toBe('success');
    expect(row.modules.find((module) => module.type === 'output')!.result).not.toHaveProperty('nlu');
  });

  it('analyses only the blocks its input type selects', async () => {
    const envId = await environment(pipeline({ inputType: 'attachment' }));
    const row = await end(await queueAnalysis(server.handle.db, envId, claimLetter()));
    const nlu = row.modules.find((module) => module.type === 'nlu')!;
    expect(nlu.outcome).toBe('success');
    expect((nlu.result as NluModuleResult).blocks).toEqual([]);
  });

  it('is skipped with the §8 message when no server is linked to its context', async () => {
    const envId = await environment(pipeline({}, { nluOutput: true }), false);
    const row = await end(await queueAnalysis(server.handle.db, envId, claimLetter()));
    expect(row.status).toBe('processed');
    const nlu = row.modules.find((module) => module.type === 'nlu')!;
    expect([nlu.outcome, inEnglish(nlu.message)]).toEqual(['skipped', 'No server linked to the context "sinistres": the context is never included in NLU analyses.']);
    const output = row.modules.find((module) => module.type === 'output')!.result as { nlu: unknown; unavailable: Record<string, string> };
    expect(output.nlu).toBeNull();
    // Programs read `unavailable` in English throughout, the module's reason included.
    expect(output.unavailable.nlu).toBe('The NLU module "NLU" produced nothing: No server linked to the context "sinistres": the context is never included in NLU analyses.');
  });

  it('honours its time budget: blocks left when it runs out are counted, not analysed', async () => {
    const envId = await environment(pipeline({}));
    const block = (text: string) => ({ page: null, text });
    const extraction = {
      result: {
        documents: [
          { fileId: null, path: ['mail.eml'], name: 'mail.eml', source: 'body' as const, contentType: 'message/rfc822', headers: null, html: null, pageCount: null, blocks: [block('un sinistre'), block('un contrat')], notes: [] },
        ],
      },
      attachments: [],
      mainFileError: null,
      summary: '',
    };
    const module = { id: 'n', type: 'nlu' as const, name: 'NLU', inputType: null, context: 'sinistres', active: true, requiredTaints: [], config: {} };
    const input = { db: server.handle.db, environmentId: envId, module, extraction, languages: ['fr' as const] };
    const spent = await runNluModule({ ...input, runtime: createNluRuntime({ startupMs: 0, analysisBudgetMs: -1 }) });
    expect(spent.outcome).toBe('success');
    expect(readHeld(spent.result!)).toMatchObject({ blocks: [], blocksNotAnalysed: 2 });
    expect(inEnglish(spent.message)).toContain('The time budget ran out: 2 block(s) not analysed.');
    const plenty = await runNluModule({ ...input, runtime: createNluRuntime({ startupMs: 0 }) });
    expect(readHeld(plenty.result!)).toMatchObject({ blocksNotAnalysed: 0 });
    expect(readHeld(plenty.result!).blocks.map((b) => [b.document, b.block])).toEqual([[0, 0], [0, 1]]);
  });
});
