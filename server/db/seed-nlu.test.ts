/**
 * The demo NLU project works out of the box: its configuration compiles without errors,
 * its started server answers the NLU test in French and English, and an analysis of the French claim
 * letter goes through the NLU module and into the output. Seeding again changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NluResult } from '../../src/contract/modules/nlu';
import type { NluModuleResult } from '../../src/contract/nlu-module';
import { createNluRuntime } from '../nlu/runtime';
import { fixture, queueAnalysis, waitForEnd } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { nluArchetypes, nluRevisions, nluServers } from './schema-nlu';
import { seedDemo } from './seed';

let server: TestServer;
let token = '';

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 5000, parseDeadlineMs: 120_000 }, nlu: createNluRuntime({ startupMs: 0 }) });
  token = await signIn(server.app, 'qualifier');
}, 180_000);
afterAll(() => server.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api/environment/demo-nlu-prod${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

describe('the demo NLU configuration', { timeout: 300_000 }, () => {
  it('compiles without errors and has its context served by a started server', async () => {
    expect((await api('GET', '/nlu/check')).json()).toEqual({ errors: [], contextsWithoutServer: [] });
    const servers = (await api('GET', '/nlu/servers')).json<{ name: string; status: string; contexts: string[] }[]>();
    expect(servers).toEqual([expect.objectContaining({ name: 'assistant', status: 'started', contexts: ['assurance'] })]);
  });

  it('answers the NLU test in French and in English', async () => {
    const fr = (await api('POST', '/nlu/test', { text: 'Bonjour, je veux résilier mon contrat habitation.', language: 'fr' })).json<NluResult>();
    expect(fr.interactions.find((i) => i.id === 'resilierContrat')).toMatchObject({ complete: true, context: 'assurance' });
    const gb = (await api('POST', '/nlu/test', { text: 'Could you send me a quote for my car?', language: 'gb' })).json<NluResult>();
    const quote = gb.interactions.find((i) => i.id === 'demanderDevis');
    expect(quote?.complete).toBe(true);
    expect(quote?.parameters.produit?.map((v) => v.text)).toEqual(['car']);
    const move = (await api('POST', '/nlu/test', { text: 'Nous déménageons : voici notre nouvelle adresse.', language: 'fr' })).json<NluResult>();
    expect(move.interactions.find((i) => i.id === 'changerAdresse')?.complete).toBe(true);
  });

  it('answers in the response format of the server: V4 leaves out incomplete interactions and parents', async () => {
    const text = 'Bonjour, je veux résilier mon contrat habitation et déclarer un sinistre.';
    const v5 = (await api('POST', '/nlu/test', { text, language: 'fr' })).json<NluResult>();
    expect(v5.interactions.some((i) => !i.complete)).toBe(true);
    const db = server.handle.db;
    await db.update(nluServers).set({ responseFormat: 'V4' }).where(eq(nluServers.environmentId, 'demo-nlu-prod'));
    try {
      const v4 = (await api('POST', '/nlu/test', { text, language: 'fr' })).json<NluResult>();
      expect(v4.interactions.map((i) => i.id)).toEqual(v5.interactions.filter((i) => i.complete).map((i) => i.id));
      expect(v4.interactions.flatMap((i) => Object.values(i.parameters).flat()).every((v) => v.path.length === 0 && v.parents.length === 0)).toBe(true);
      expect(v4.labels).toEqual(v5.labels);
    } finally {
      await db.update(nluServers).set({ responseFormat: 'V5' }).where(eq(nluServers.environmentId, 'demo-nlu-prod'));
    }
  });

  it('analyses the French claim letter into a claim declaration, in the output too', async () => {
    const id = await queueAnalysis(server.handle.db, 'demo-nlu-prod', [{ name: 'claim-letter-fr.pdf', content: fixture('pdf/claim-letter-fr.pdf') }]);
    const row = await waitForEnd(server.handle.db, id, 150_000);
    expect(row.status).toBe('processed');
    const nlu = row.modules.find((module) => module.type === 'nlu')!;
    expect(nlu.outcome).toBe('success');
    const blocks = (nlu.result as NluModuleResult).blocks;
    const claim = blocks.flatMap((block) => block.result.interactions).find((i) => i.id === 'declarerSinistre');
    expect(claim?.complete).toBe(true);
    expect(claim?.parameters.evenement?.map((v) => v.text)).toEqual(expect.arrayContaining(['sinistre', 'incendie']));
    expect((row.modules.find((module) => module.type === 'output')!.result as { nlu: unknown }).nlu).toEqual(nlu.result);
  });

  it('is left as it is by a second seed, edits included', async () => {
    const db = server.handle.db;
    await db.update(nluArchetypes).set({ notes: 'modifié' }).where(eq(nluArchetypes.id, 'demo-nlu-prod-nlu-archetype-devis'));
    const revision = async () => (await db.select().from(nluRevisions).where(eq(nluRevisions.environmentId, 'demo-nlu-prod')))[0]?.revision;
    const before = { revision: await revision(), servers: await db.select().from(nluServers).where(eq(nluServers.environmentId, 'demo-nlu-prod')) };
    await seedDemo(db);
    expect({ revision: await revision(), servers: await db.select().from(nluServers).where(eq(nluServers.environmentId, 'demo-nlu-prod')) }).toEqual(before);
    const [devis] = await db.select().from(nluArchetypes).where(eq(nluArchetypes.id, 'demo-nlu-prod-nlu-archetype-devis'));
    expect(devis?.notes).toBe('modifié');
  });
});
