/**
 * The output module's settings and live preview on the demo NLU environment: a
 * French claim mail with an attachment really goes through extractor → NLU → categorization →
 * consolidation → output, then the preview rebuilds its payload with other options, without saving.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutputPreview, OutputSettings } from '../../src/contract/output';
import { outputOptionsSchema } from '../../src/contract/environments';
import { analyses } from '../db/schema';
import { createNluRuntime } from '../nlu/runtime';
import { queueAnalysis, waitForEnd } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const tokens: Record<string, string> = {};
let analysisId = '';
const ENV = 'demo-nlu-prod';
const ATTACHMENT = 'Constat amiable : véhicule B a percuté le véhicule A au feu rouge.\n';

/** A claim declaration in French with a text attachment (written here: the fixtures hold no French claim mail). */
const CLAIM_MAIL = [
  'From: Jeanne Client <jeanne@example.com>',
  'To: sinistres@assureur.example',
  'Subject: Declaration de sinistre',
  'Date: Mon, 23 Nov 2026 09:00:00 +0100',
  'Message-ID: <sinistre-42@example.com>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  '--b1',
  'Content-Type: multipart/alternative; boundary="b2"',
  '',
  '--b2',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Bonjour, je souhaite déclarer un sinistre : un incendie a eu lieu dans ma cuisine le 20/11/2026. Mon contrat est le 123456.',
  '--b2',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Bonjour, je souhaite déclarer un sinistre : un incendie a eu lieu dans ma cuisine le 20/11/2026. Mon contrat est le 123456.</p>',
  '--b2--',
  '--b1',
  'Content-Type: text/plain; charset=utf-8; name="constat.txt"',
  'Content-Disposition: attachment; filename="constat.txt"',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from(ATTACHMENT).toString('base64'),
  '--b1--',
  '',
].join('\r\n');

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 20, leaseMs: 5000, parseDeadlineMs: 120_000 }, nlu: createNluRuntime({ startupMs: 0 }) });
  for (const user of ['qualifier', 'admin', 'viewer']) tokens[user] = await signIn(server.app, user);
  analysisId = await queueAnalysis(server.handle.db, ENV, [{ name: 'sinistre.eml', content: Buffer.from(CLAIM_MAIL) }], { metadata: { ticket: 'T-42' } });
  expect((await waitForEnd(server.handle.db, analysisId, 120_000)).status).toBe('processed');
}, 180_000);
afterAll(() => server.close());

function call(user: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return server.app.inject({ method, url: `/v4/console/api/environment/${ENV}${url}`, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload ? { payload } : {}) });
}

const defaults = outputOptionsSchema.parse({});
async function preview(options: Partial<typeof defaults>, id = analysisId, user = 'qualifier') {
  return call(user, 'POST', '/output/preview', { analysisId: id, options: { ...defaults, ...options } });
}

describe('output settings', { timeout: 60_000 }, () => {
  it("gives the module's options with their defaults and the categories it may skip", async () => {
    const response = await call('qualifier', 'GET', '/modules/demo-output/output');
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<OutputSettings>();
    expect(view.module).toMatchObject({ id: 'demo-output', type: 'output', name: 'Sortie', position: 6 });
    expect(view.config).toEqual({ ...defaults, nluOutput: true, categoriesEnabled: true, extractedData: true });
    expect(view.categories).toEqual(expect.arrayContaining(['Déclaration de sinistre', 'Résiliation', 'Autre']));
  });

  it('answers moduleNotFound and wrongModuleType', async () => {
    expect((await call('qualifier', 'GET', '/modules/nope/output')).json()).toMatchObject({ code: 'moduleNotFound' });
    expect((await call('qualifier', 'GET', '/modules/demo-nlu/output')).json()).toMatchObject({ code: 'wrongModuleType' });
  });

  it('saves the options for configurators only, and the next run uses them', async () => {
    const config = { ...defaults, attachmentData: true, categoriesToSkip: ['Autre'] };
    expect((await call('qualifier', 'PUT', '/modules/demo-output/output', { config })).statusCode).toBe(403);
    const saved = await call('admin', 'PUT', '/modules/demo-output/output', { config });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('qualifier', 'GET', '/modules/demo-output/output')).json<OutputSettings>().config).toEqual(config);
    // Restored for the other tests: the analysis above was built with the seeded options.
    await call('admin', 'PUT', '/modules/demo-output/output', { config: { ...defaults } });
  });
});

describe('output preview', { timeout: 60_000 }, () => {
  it('rebuilds the payload the run gave, with the NLU output, the categories, the header and the metadata', async () => {
    const response = await preview({});
    expect(response.statusCode, response.body).toBe(200);
    const { payload, unavailable } = response.json<OutputPreview>();
    const [row] = await server.handle.db.select().from(analyses).where(eq(analyses.id, analysisId));
    const stored = row!.modules.find((module) => module.type === 'output')!.result as Record<string, unknown>;
    expect(payload).toEqual(stored);
    expect(payload.metadata).toEqual({ ticket: 'T-42' });
    expect(payload.emailHeader).toMatchObject({ Subject: 'Declaration de sinistre', From: 'Jeanne Client <jeanne@example.com>' });
    expect((payload.categories as { final: { category: string }[] }).final.map((entry) => entry.category)).toContain('Déclaration de sinistre');
    expect(payload.nlu).toEqual(row!.modules.find((module) => module.type === 'nlu')!.result);
    // The demo pipeline extracts data and drafts a reply; it has no vision engine.
    // The values as the module gave them, without the places the console marks them at.
    const { evidence, ...extracted } = row!.modules.find((module) => module.type === 'extraction')!.result as Record<string, unknown>;
    expect(evidence).toMatchObject({ dateSinistre: [expect.objectContaining({ document: 0 })] });
    expect(payload.extractedData).toEqual(extracted);
    expect(unavailable).toEqual([{ field: 'visionEngine', code: 'moduleMissing', params: { module: 'visionEngine' } }]);
  });

  it('follows the unsaved options: HTML bodies, attachment data, categories to skip, and what is switched off', async () => {
    const { payload } = (await preview({ htmlBodies: true, attachmentData: true, categoriesToSkip: ['Déclaration de sinistre'], nluOutput: false, metadata: false, emailHeader: false })).json<OutputPreview>();
    expect((payload.documents as { html?: string }[])[0]!.html).toContain('<p>Bonjour, je souhaite déclarer un sinistre');
    expect(payload.attachments).toEqual([
      { fileName: 'constat.txt', contentType: expect.stringContaining('text/plain'), path: ['sinistre.eml', 'constat.txt'], base64: Buffer.from(ATTACHMENT).toString('base64') },
    ]);
    const categories = payload.categories as { final: { category: string }[]; skipped: string[] };
    expect(categories.final.map((entry) => entry.category)).not.toContain('Déclaration de sinistre');
    expect(categories.skipped).toContain('Déclaration de sinistre');
    expect(payload).not.toHaveProperty('nlu');
    expect(payload).not.toHaveProperty('metadata');
    expect(payload).not.toHaveProperty('emailHeader');
    // Nothing was saved.
    expect((await call('qualifier', 'GET', '/modules/demo-output/output')).json<OutputSettings>().config.attachmentData).toBe(false);
  });

  it('refuses an anonymized analysis, an unknown one and one not processed yet', async () => {
    const db = server.handle.db;
    const anonymized = await queueAnalysis(db, ENV, [{ name: 'vide.txt', content: Buffer.from('Bonjour') }], { state: { status: 'processed' } });
    await db.update(analyses).set({ anonymizedAt: new Date() }).where(eq(analyses.id, anonymized));
    const refused = await preview({}, anonymized);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'analysisAnonymized' });
    expect((await preview({}, 'nope')).json()).toMatchObject({ code: 'analysisNotFound' });
    // Claimed by a worker whose lease has not run out: nobody else takes it, it has no results yet.
    const running = await queueAnalysis(db, ENV, [{ name: 'encours.txt', content: Buffer.from('Bonjour') }], {
      state: { status: 'pending', claimedBy: 'elsewhere', leaseExpiresAt: new Date(Date.now() + 3_600_000), claims: 1 },
    });
    const notFinished = await preview({}, running);
    expect(notFinished.statusCode).toBe(409);
    expect(notFinished.json()).toMatchObject({ code: 'analysisNotFinished' });
  });

  it('is refused below the qualifier profile, as the analysis result', async () => {
    expect((await preview({}, analysisId, 'viewer')).statusCode).toBe(403);
    expect((await call('viewer', 'GET', '/modules/demo-output/output')).statusCode).toBe(403);
  });
});
