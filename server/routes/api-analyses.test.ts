/**
 * The analyses API for programs (access keys): create, read the status and output, and the manual
 * final status PATCH of §4 with its refusals.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisDetail, AnalysisStatusReport, AnalysisSummary } from '../../src/contract/analyses';
import { accessKeys, analyses, auditLogs } from '../db/schema';
import { multipart, type MultipartInput } from '../test-support/multipart';
import { createAccessKey, createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let admin: { authorization: string };
const keys: Record<'prod' | 'recette', { id: string; secret: string }> = {
  prod: { id: '', secret: '' },
  recette: { id: '', secret: '' },
};
const API = '/v4/api/environment/demo-ic-prod/analyses';
const mail = 'From: a@example.com\r\nTo: b@example.com\r\nSubject: Order\r\n\r\nTwo boxes please.\r\n';

beforeAll(async () => {
  server = await createTestServer();
  admin = { authorization: `Bearer ${await signIn(server.app, 'admin')}` };
  for (const [which, envId] of [
    ['prod', 'demo-ic-prod'],
    ['recette', 'demo-ic-recette'],
  ] as const) {
    keys[which] = await createAccessKey(server.app, envId, `CRM ${which}`);
  }
}, 60_000);
afterAll(() => server.close());

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function upload(input: MultipartInput, headers: Record<string, string> = bearer(keys.prod.secret), url = API) {
  const body = await multipart(input);
  return server.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

const report = (id: string, headers: Record<string, string> = bearer(keys.prod.secret)) =>
  server.app.inject({ method: 'GET', url: `${API}/${id}`, headers });

const finish = (id: string, payload: object) =>
  server.app.inject({ method: 'PATCH', url: `${API}/${id}`, headers: bearer(keys.prod.secret), payload });

async function createWithManualStatus(): Promise<string> {
  const response = await upload({ file: { name: 'order.eml', content: mail }, fields: { manualFinalStatus: 'true' } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AnalysisSummary>().id;
}

/** Where the pipeline (another branch) leaves an analysis with manual final status after its last module. */
async function awaitFinalStatus(id: string, output: Record<string, unknown> = { category: 'order' }): Promise<void> {
  await server.handle.db
    .update(analyses)
    .set({
      status: 'pending',
      awaitingFinalStatus: true,
      startedAt: new Date(),
      // The report picks the output module's result among the others.
      modules: [
        { moduleId: 'x', type: 'extractor', name: 'Extractor', outcome: 'success', message: null, result: { documents: [] } },
        { moduleId: 'out', type: 'output', name: 'Output', outcome: 'success', message: null, result: output },
      ],
    })
    .where(eq(analyses.id, id));
}

describe('programs with an access key', () => {
  it('queue an analysis by upload, as Bearer or X-Api-Key, and the key records its use', async () => {
    const bearerCreated = await upload({
      file: { name: 'order.eml', content: mail },
      fields: { name: 'Order 1', metadata: '{"crmId":"C-1"}' },
    });
    expect(bearerCreated.statusCode, bearerCreated.body).toBe(201);
    expect(bearerCreated.json()).toMatchObject({ name: 'Order 1', status: 'waiting', metadata: { crmId: 'C-1' }, manualFinalStatus: false });

    const headerCreated = await upload({ file: { name: 'order.eml', content: mail } }, { 'x-api-key': keys.prod.secret });
    expect(headerCreated.statusCode).toBe(201);
    const id = headerCreated.json<AnalysisSummary>().id;

    const [row] = await server.handle.db.select().from(analyses).where(eq(analyses.id, id));
    expect(row).toMatchObject({ createdByKeyId: keys.prod.id, createdByUserId: null });
    const [key] = await server.handle.db.select().from(accessKeys).where(eq(accessKeys.id, keys.prod.id));
    expect(key?.lastUsedAt).toBeInstanceOf(Date);

    // The console sees what programs queue.
    const detail = await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/demo-ic-prod/analyses/${id}`, headers: admin });
    expect(detail.json<AnalysisDetail>().files).toEqual([expect.objectContaining({ name: 'order.eml', role: 'main' })]);
  });

  it('are held to the same upload limits', async () => {
    const response = await upload({ file: { name: 'order.docm', content: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'uploadRejected', problems: [{ code: 'extensionNotAllowed', ext: 'docm' }] });
  });

  it('queue a simulated mail given as JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${API}/simulated-mail`,
      headers: bearer(keys.prod.secret),
      payload: { sender: 'x@example.com', recipient: 'y@example.com', subject: 'Hello', manualFinalStatus: true },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Hello', inputType: 'simulatedMail', manualFinalStatus: true });
  });

  it('read the status, and the output payload only once processed', async () => {
    const id = await createWithManualStatus();
    const waiting = await report(id);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toMatchObject({ id, status: 'waiting', output: null, exchangeLabels: null, awaitingFinalStatus: false });

    await awaitFinalStatus(id, { category: 'order', amount: 12 });
    expect((await report(id)).json()).toMatchObject({ status: 'pending', awaitingFinalStatus: true, output: null });
    await finish(id, { status: 'processed', exchangeLabels: ['orders'] });
    expect((await report(id)).json()).toMatchObject({ status: 'processed', output: { category: 'order', amount: 12 } });
  });

  it('cannot reach another environment, and need a key', async () => {
    const id = await createWithManualStatus();
    // A key of another environment: that environment "does not exist" for it.
    const otherKey = await report(id, bearer(keys.recette.secret));
    expect(otherKey.statusCode).toBe(404);
    // Its own environment's URL, but an analysis of another environment: not found.
    const recetteId = (
      await upload({ file: { name: 'r.eml', content: mail } }, bearer(keys.recette.secret), '/v4/api/environment/demo-ic-recette/analyses')
    ).json<AnalysisSummary>().id;
    const foreign = await report(recetteId);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'analysisNotFound']);

    expect((await report(id, {})).statusCode).toBe(401);
    expect((await report(id, admin)).statusCode).toBe(401);
    expect((await report(id, bearer(`${keys.prod.secret}x`))).statusCode).toBe(401);
  });

  it('stop working once the key is deleted', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/v4/console/api/environment/demo-ic-prod/access-keys',
      headers: admin,
      payload: { name: 'short-lived' },
    });
    const { key, secret } = created.json<{ key: { id: string }; secret: string }>();
    const id = await createWithManualStatus();
    expect((await report(id, bearer(secret))).statusCode).toBe(200);
    await server.app.inject({ method: 'DELETE', url: `/v4/console/api/environment/demo-ic-prod/access-keys/${key.id}`, headers: admin });
    expect((await report(id, bearer(secret))).statusCode).toBe(401);
  });
});

describe('manual final status (§4)', () => {
  it('is refused until every module ran and the analysis waits for it', async () => {
    const id = await createWithManualStatus();
    const early = await finish(id, { status: 'processed', exchangeLabels: ['a'] });
    expect([early.statusCode, early.json().code]).toEqual([409, 'notAwaitingFinalStatus']);

    await server.handle.db.update(analyses).set({ status: 'pending' }).where(eq(analyses.id, id));
    const running = await finish(id, { status: 'processed', exchangeLabels: ['a'] });
    expect([running.statusCode, running.json().code]).toEqual([409, 'notAwaitingFinalStatus']);
  });

  it('needs exchangeLabels to finish as processed, then sets status, date, labels and a trace entry', async () => {
    const id = await createWithManualStatus();
    await awaitFinalStatus(id);
    const missing = await finish(id, { status: 'processed' });
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'exchangeLabelsRequired']);

    const done = await finish(id, { status: 'processed', exchangeLabels: ['invoices', 'supplier-42'] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<AnalysisStatusReport>()).toMatchObject({
      status: 'processed',
      awaitingFinalStatus: false,
      exchangeLabels: ['invoices', 'supplier-42'],
      finishedAt: expect.any(String),
      error: null,
    });

    const detail = (
      await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/demo-ic-prod/analyses/${id}`, headers: admin })
    ).json<AnalysisDetail>();
    expect(detail.trace).toEqual([
      expect.objectContaining({ module: 'finalStatus', outcome: 'success', message: "Statut final « Traitée » fixé par la clé d'accès « CRM prod »." }),
    ]);

    const twice = await finish(id, { status: 'error' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'notAwaitingFinalStatus']);
    // Programs are not audited as users; the console's audit log stays about people.
    expect(await server.handle.db.select().from(auditLogs).where(eq(auditLogs.targetId, id))).toEqual([]);
  });

  it('can finish in error with a reason, without labels', async () => {
    const id = await createWithManualStatus();
    await awaitFinalStatus(id);
    const failed = await finish(id, { status: 'error', error: 'Customer unknown in the CRM' });
    expect(failed.json()).toMatchObject({ status: 'error', error: 'Customer unknown in the CRM', exchangeLabels: null, output: null });
  });

  it('is refused once the analysis is anonymized', async () => {
    const id = await createWithManualStatus();
    await awaitFinalStatus(id);
    await server.handle.db.update(analyses).set({ anonymizedAt: new Date() }).where(eq(analyses.id, id));
    const refused = await finish(id, { status: 'processed', exchangeLabels: [] });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'analysisAnonymized']);
    // Programs may still read what is left: status and metadata, no output.
    expect((await report(id)).json()).toMatchObject({ anonymizedAt: expect.any(String), output: null });
  });
});
