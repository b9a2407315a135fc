/**
 * The analyses API of the console (JWT): creating by upload and by simulated mail, with the §5 upload
 * limits; get, abort, reanalyze, download and delete with their §4/§8 refusals.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysesPage, type AnalysisDetail, type AnalysisSummary } from '../../src/contract/analyses';
import { UPLOAD_LIMITS, type UploadProblem } from '../../src/contract/uploads';
import { analyses, analysisFiles, auditLogs } from '../db/schema';
import { multipart, type MultipartInput } from '../test-support/multipart';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};
const ENV = '/v4/console/api/environment/demo-ic-prod';

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['admin', 'configurator', 'qualifier', 'viewer']) {
    headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
  }
  // PGlite starts in seconds, many more on a busy machine.
}, 60_000);
afterAll(() => server.close());

async function upload(input: MultipartInput, user = 'qualifier', url = `${ENV}/analyses`) {
  const body = await multipart(input);
  return server.app.inject({ method: 'POST', url, headers: { ...headers[user], ...body.headers }, payload: body.payload });
}

const call = (user: string, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  server.app.inject({ method, url: `${ENV}${path}`, headers: headers[user], payload });

const sha256 = (content: Uint8Array | string) => createHash('sha256').update(content).digest('hex');

async function analysisCount(): Promise<number> {
  return (await server.handle.db.select({ id: analyses.id }).from(analyses)).length;
}

/** Puts an analysis in a state the pipeline (another branch) would bring it to. */
async function setState(id: string, state: Partial<typeof analyses.$inferInsert>): Promise<void> {
  await server.handle.db.update(analyses).set(state).where(eq(analyses.id, id));
}

const mail = 'From: a@example.com\r\nTo: b@example.com\r\nSubject: Invoice\r\n\r\nPlease find the invoice.\r\n';
const pdf = Buffer.from('%PDF-1.4\n% a small stand-in\n%%EOF\n');

describe('creating an analysis by upload', () => {
  it('stores the main file and attachments with their hashes, queues it and audits it', async () => {
    const response = await upload({
      file: { name: 'invoice.eml', content: mail },
      attachments: [{ name: 'invoice.pdf', content: pdf, type: 'text/html' }],
      fields: { name: 'March invoice', metadata: JSON.stringify({ customer: 'ACME-42', priority: 2 }) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<AnalysisSummary>();
    expect(created).toMatchObject({
      name: 'March invoice',
      status: 'waiting',
      inputType: 'email',
      metadata: { customer: 'ACME-42', priority: 2 },
      manualFinalStatus: false,
      fileCount: 2,
      sizeBytes: Buffer.byteLength(mail) + pdf.length,
    });

    const detail = (await call('qualifier', 'GET', `/analyses/${created.id}`)).json<AnalysisDetail>();
    expect(detail.files).toEqual([
      expect.objectContaining({ role: 'main', name: 'invoice.eml', contentType: 'message/rfc822', sha256: sha256(mail) }),
      // The content type comes from the extension, not from what the client claimed.
      expect.objectContaining({ role: 'attachment', name: 'invoice.pdf', contentType: 'application/pdf', sha256: sha256(pdf) }),
    ]);
    expect(detail).toMatchObject({ modules: [], deliveries: [], error: null, exchangeLabels: null });

    const audit = await server.handle.db.select().from(auditLogs).where(eq(auditLogs.targetId, created.id));
    expect(audit).toEqual([expect.objectContaining({ action: 'analyses.create', targetType: 'analysis', actorUsername: 'qualifier' })]);
  });

  it('names the analysis after its main file and types it by extension', async () => {
    const response = await upload({ file: { name: 'scan.PNG', content: 'png bytes' } });
    expect(response.json()).toMatchObject({ name: 'scan.PNG', inputType: 'image', fileCount: 1 });
  });

  it('gives back exactly the uploaded bytes, as an attachment with a safe file name', async () => {
    const content = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));
    const name = 'Relevé mars; été.pdf';
    const created = (await upload({ file: { name, content } })).json<AnalysisSummary>();
    const [file] = (await call('qualifier', 'GET', `/analyses/${created.id}`)).json<AnalysisDetail>().files;
    const download = await call('qualifier', 'GET', `/analyses/${created.id}/files/${file!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Relev? mars; ?t?.pdf"; filename*=UTF-8''Relev%C3%A9%20mars%3B%20%C3%A9t%C3%A9.pdf`,
    );

    const missing = await call('qualifier', 'GET', `/analyses/${created.id}/files/no-such-file`);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad metadata, a second main file and unknown parts', async () => {
    const before = await analysisCount();
    const array = await upload({ file: { name: 'a.eml', content: mail }, fields: { metadata: '[1,2]' } });
    expect(array.statusCode).toBe(400);
    const nested = await upload({ file: { name: 'a.eml', content: mail }, fields: { metadata: '{"a":{"b":1}}' } });
    expect(nested.statusCode).toBe(400);
    const notJson = await upload({ file: { name: 'a.eml', content: mail }, fields: { metadata: '{oops' } });
    expect(notJson.json()).toMatchObject({ code: 'metadataNotObject', message: 'Les métadonnées doivent être un objet JSON, par exemple {"client": "42"}' });
    const unknown = await upload({ file: { name: 'a.eml', content: mail }, fields: { colour: 'blue' } });
    expect(unknown.statusCode).toBe(400);
    const json = await server.app.inject({ method: 'POST', url: `${ENV}/analyses`, headers: headers.qualifier, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(await analysisCount()).toBe(before);
  });

  it('is refused to a viewer (cockpit profile)', async () => {
    const response = await upload({ file: { name: 'a.eml', content: mail } }, 'viewer');
    expect(response.statusCode).toBe(403);
  });
});

describe('upload limits (§5)', () => {
  async function rejected(input: MultipartInput): Promise<UploadProblem[]> {
    const before = await analysisCount();
    const response = await upload(input);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ code: string; message: string; problems: UploadProblem[] }>();
    expect(body.code).toBe('uploadRejected');
    // Nothing is stored from a refused upload.
    expect(await analysisCount()).toBe(before);
    return body.problems;
  }

  it('refuses an extension outside the format lists, with the §5 message', async () => {
    const response = await upload({ file: { name: 'a.eml', content: mail }, attachments: [{ name: 'run.exe', content: 'MZ' }] });
    expect(response.json()).toEqual({
      message: "run.exe : L'extension « exe » n'est pas autorisée",
      code: 'uploadRejected',
      problems: [{ code: 'extensionNotAllowed', ext: 'exe', file: 'run.exe' }],
    });
  });

  it('refuses more files than the limit', async () => {
    const attachments = Array.from({ length: UPLOAD_LIMITS.maxFiles }, (_, i) => ({ name: `page-${i}.pdf`, content: pdf }));
    const problems = await rejected({ file: { name: 'a.eml', content: mail }, attachments });
    expect(problems).toEqual([{ code: 'tooManyFiles', count: UPLOAD_LIMITS.maxFiles }]);
  });

  it('refuses a file over the per-file limit, even though the parser cut it off', async () => {
    const big = Buffer.alloc(UPLOAD_LIMITS.maxFileBytes + 1, 7);
    const problems = await rejected({ file: { name: 'a.eml', content: mail }, attachments: [{ name: 'huge.pdf', content: big }] });
    expect(problems).toEqual([{ code: 'fileTooLarge', size: UPLOAD_LIMITS.maxFileBytes, file: 'huge.pdf' }]);
  });

  it('accepts a file of exactly the per-file limit', async () => {
    const response = await upload({ file: { name: 'exact.pdf', content: Buffer.alloc(UPLOAD_LIMITS.maxFileBytes, 1) } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ sizeBytes: UPLOAD_LIMITS.maxFileBytes });
  }, 60_000);

  it('refuses files that together go over the total limit', async () => {
    const part = Math.ceil(UPLOAD_LIMITS.maxTotalBytes / 3) + 1024;
    const attachments = [1, 2, 3].map((i) => ({ name: `part-${i}.pdf`, content: Buffer.alloc(part, i) }));
    const problems = await rejected({ file: { name: 'a.eml', content: mail }, attachments });
    expect(problems).toEqual([{ code: 'totalTooLarge', size: UPLOAD_LIMITS.maxTotalBytes }]);
  });

  it('reports every problem at once, and needs a main file', async () => {
    const problems = await rejected({ attachments: [{ name: 'notes.txt', content: 'x' }] });
    expect(problems).toEqual([
      { code: 'noMainFile' },
      { code: 'extensionNotAllowed', ext: 'txt', file: 'notes.txt' },
    ]);
    expect(await rejected({ fields: { name: 'nothing' } })).toEqual([{ code: 'noMainFile' }]);
  });
});

describe('simulated mail', () => {
  const simulate = (body: object, user = 'qualifier') => call(user, 'POST', '/analyses/simulated-mail', body);

  it('becomes a real .eml main file with its attachments inside', async () => {
    const response = await simulate({
      sender: 'alice@example.com',
      recipient: 'claims@example.com',
      subject: 'Broken window',
      body: 'Please see the photo.',
      metadata: { channel: 'test' },
      attachments: [{ name: 'photo.png', contentBase64: Buffer.from('png bytes').toString('base64') }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<AnalysisSummary>();
    expect(created).toMatchObject({ name: 'Broken window', inputType: 'simulatedMail', fileCount: 1, metadata: { channel: 'test' } });

    const [file] = (await call('qualifier', 'GET', `/analyses/${created.id}`)).json<AnalysisDetail>().files;
    expect(file).toMatchObject({ role: 'main', name: 'simulated-mail.eml', contentType: 'message/rfc822' });
    const eml = (await call('qualifier', 'GET', `/analyses/${created.id}/files/${file!.id}`)).rawPayload;
    const parsed = await PostalMime.parse(eml);
    expect(parsed.from?.address).toBe('alice@example.com');
    expect(parsed.to?.[0]?.address).toBe('claims@example.com');
    expect(parsed.subject).toBe('Broken window');
    expect(parsed.text?.trim()).toBe('Please see the photo.');
    expect(parsed.attachments.map((a) => [a.filename, Buffer.from(a.content as ArrayBuffer).toString()])).toEqual([
      ['photo.png', 'png bytes'],
    ]);
  });

  it('needs an at-sign in sender and recipient', async () => {
    const response = await simulate({ sender: 'alice', recipient: 'claims@example.com', subject: 's', body: 'b' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ issues: { path: string[] }[] }>().issues.map((issue) => issue.path)).toEqual([['sender']]);
  });

  it('holds attachments to the upload rules, and to valid base64', async () => {
    const before = await analysisCount();
    const exe = await simulate({
      sender: 'a@b.c',
      recipient: 'c@d.e',
      attachments: [{ name: 'tool.exe', contentBase64: 'TVo=' }],
    });
    expect(exe.json()).toMatchObject({ code: 'uploadRejected', problems: [{ code: 'extensionNotAllowed', ext: 'exe' }] });
    const garbled = await simulate({ sender: 'a@b.c', recipient: 'c@d.e', attachments: [{ name: 'a.pdf', contentBase64: '%%%' }] });
    expect(garbled.statusCode).toBe(400);
    expect(await analysisCount()).toBe(before);
  });

  it('takes attachments larger than the JSON body limit of other routes', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 3);
    const response = await simulate({
      sender: 'a@b.c',
      recipient: 'c@d.e',
      attachments: [{ name: 'scan.pdf', contentBase64: big.toString('base64') }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<AnalysisSummary>().name).toBe('Mail from a@b.c');
  });
});

describe('an analysis through its life (§4)', () => {
  async function create(): Promise<string> {
    return (await upload({ file: { name: 'life.eml', content: mail } })).json<AnalysisSummary>().id;
  }

  it('can be aborted while waiting or pending, and only then', async () => {
    const waiting = await create();
    const aborted = await call('qualifier', 'POST', `/analyses/${waiting}/abort`);
    expect(aborted.statusCode).toBe(200);
    expect(aborted.json()).toMatchObject({ status: 'aborted', finishedAt: expect.any(String) });
    const again = await call('qualifier', 'POST', `/analyses/${waiting}/abort`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'alreadyFinished']);
    const detail = (await call('qualifier', 'GET', `/analyses/${waiting}`)).json<AnalysisDetail>();
    expect(detail.trace).toEqual([
      expect.objectContaining({ run: 1, step: 0, module: 'abort', outcome: 'aborted', message: 'Interrompu par qualifier.' }),
    ]);

    const pending = await create();
    await setState(pending, { status: 'pending', claimedBy: 'worker-1', startedAt: new Date() });
    expect((await call('qualifier', 'POST', `/analyses/${pending}/abort`)).json()).toMatchObject({ status: 'aborted' });
    const [row] = await server.handle.db.select().from(analyses).where(eq(analyses.id, pending));
    // The worker that held it loses its claim.
    expect(row).toMatchObject({ claimedBy: null, leaseExpiresAt: null });

    for (const status of ['processed', 'error'] as const) {
      const finished = await create();
      await setState(finished, { status });
      const refused = await call('qualifier', 'POST', `/analyses/${finished}/abort`);
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'alreadyFinished']);
    }
  });

  it('is reanalyzed once finished: a new run, results cleared, queued again', async () => {
    const id = await create();
    const busy = await call('qualifier', 'POST', `/analyses/${id}/reanalyze`);
    expect([busy.statusCode, busy.json().code]).toEqual([409, 'alreadyProcessing']);
    await setState(id, { status: 'pending' });
    const running = await call('qualifier', 'POST', `/analyses/${id}/reanalyze`);
    expect([running.statusCode, running.json().code]).toEqual([409, 'alreadyProcessing']);

    await setState(id, {
      status: 'error',
      error: 'extractor failed',
      startedAt: new Date(),
      finishedAt: new Date(),
      modules: [{ moduleId: 'm1', type: 'extractor', name: 'Extractor', outcome: 'error', message: 'boom', result: null }],
    });
    const again = await call('qualifier', 'POST', `/analyses/${id}/reanalyze`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'waiting', startedAt: null, finishedAt: null });
    const detail = (await call('qualifier', 'GET', `/analyses/${id}`)).json<AnalysisDetail>();
    expect(detail).toMatchObject({ modules: [], error: null });
    const [row] = await server.handle.db.select({ run: analyses.run }).from(analyses).where(eq(analyses.id, id));
    expect(row?.run).toBe(2);
  });

  it('cannot be opened, reanalyzed, aborted or downloaded once anonymized', async () => {
    const id = await create();
    const [file] = (await call('qualifier', 'GET', `/analyses/${id}`)).json<AnalysisDetail>().files;
    await setState(id, { status: 'processed', anonymizedAt: new Date() });
    await server.handle.db.update(analysisFiles).set({ content: null }).where(eq(analysisFiles.analysisId, id));
    for (const [method, path] of [
      ['GET', `/analyses/${id}`],
      ['POST', `/analyses/${id}/reanalyze`],
      ['POST', `/analyses/${id}/abort`],
      ['GET', `/analyses/${id}/files/${file!.id}`],
    ] as const) {
      const response = await call('qualifier', method, path);
      expect([path, response.statusCode, response.json().code]).toEqual([path, 409, 'analysisAnonymized']);
    }
    // Still listed, with its metadata: only the content is gone.
    const list = (await call('qualifier', 'GET', '/analyses?pageSize=100')).json<AnalysesPage>();
    expect(list.items.find((item) => item.id === id)).toMatchObject({ anonymizedAt: expect.any(String) });
  });

  it('is deleted by a configurator only, with its files', async () => {
    const id = await create();
    expect((await call('qualifier', 'DELETE', `/analyses/${id}`)).statusCode).toBe(403);
    expect((await call('configurator', 'DELETE', `/analyses/${id}`)).statusCode).toBe(204);
    const gone = await call('qualifier', 'GET', `/analyses/${id}`);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'analysisNotFound']);
    expect(await server.handle.db.select().from(analysisFiles).where(eq(analysisFiles.analysisId, id))).toEqual([]);
    expect((await call('configurator', 'DELETE', `/analyses/${id}`)).statusCode).toBe(404);
  });

  it('is not found through another environment', async () => {
    const id = await create();
    const other = await server.app.inject({
      method: 'GET',
      url: `/v4/console/api/environment/demo-ic-recette/analyses/${id}`,
      headers: headers.admin,
    });
    expect([other.statusCode, other.json().code]).toEqual([404, 'analysisNotFound']);
    const abort = await server.app.inject({
      method: 'POST',
      url: `/v4/console/api/environment/demo-ic-recette/analyses/${id}/abort`,
      headers: headers.admin,
    });
    expect(abort.statusCode).toBe(404);
  });
});

describe('reading an analysis whose results are large', () => {
  // ~4 MB of text twice over, with characters outside Latin-1, as a long mail's results hold.
  const text = 'Veuillez trouver la facture ci-jointe — merci ’ 📎 '.repeat(90_000);
  const results = [
    { moduleId: 'x', type: 'extractor', name: 'Extracteur', outcome: 'success', message: null, result: { documents: [{ name: 'long.eml', text }] } },
    { moduleId: 'o', type: 'output', name: 'Sortie', outcome: 'success', message: null, result: { text } },
  ] satisfies (typeof analyses.$inferInsert)['modules'];

  it('gives its results whole, made off the HTTP thread by a worker that a deadline stops with a 503 in the reader’s language', async () => {
    const id = (await upload({ file: { name: 'long.eml', content: mail } })).json<AnalysisSummary>().id;
    await setState(id, { status: 'processed', startedAt: new Date(), finishedAt: new Date(), modules: results });
    const read = () => server.app.inject({ method: 'GET', url: `${ENV}/analyses/${id}`, headers: { ...headers.qualifier, 'accept-language': 'en' } });

    const whole = await read();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(whole.json<AnalysisDetail>().modules.map((module) => module.result)).toEqual(results.map((module) => module.result));

    process.env.POSTROOM_MODULE_DEADLINE_MS = '1';
    try {
      const stopped = await read();
      expect([stopped.statusCode, stopped.json().code, stopped.json().params]).toEqual([503, 'analysisTooLarge', { context: 'timeout', seconds: 0 }]);
      expect(stopped.json().message).toMatch(/^This analysis is too large to be shown: preparing it took longer than/);
    } finally {
      delete process.env.POSTROOM_MODULE_DEADLINE_MS;
    }
    expect((await read()).statusCode).toBe(200);
  });
});
