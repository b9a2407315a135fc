/**
 * The analyses API with the pipeline's workers running: what a user or a program sees of an analysis
 * that really went through the extractor and the output module (results, trace, reanalysis, the
 * manual final status PATCH on a real run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalysisDetail,
  AnalysisStatusReport,
  AnalysisSummary,
  ExtractorResult,
} from '../../src/contract/analyses';
import { createEnvironment } from '../pipeline/testing/analyses';
import { multipart, type MultipartInput } from '../test-support/multipart';
import { createAccessKey, createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let envId: string;
let qualifier: { authorization: string };
let key: string;

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 20 } });
  // A fresh environment of the demo IC project: its default pipeline is the extractor then the output.
  envId = await createEnvironment(server.handle.db);
  qualifier = { authorization: `Bearer ${await signIn(server.app, 'qualifier')}` };
  key = (await createAccessKey(server.app, envId, 'CRM')).secret;
}, 60_000);
afterAll(() => server.close());

const consoleUrl = () => `/v4/console/api/environment/${envId}/analyses`;
const apiUrl = () => `/v4/api/environment/${envId}/analyses`;

async function upload(input: MultipartInput, headers: Record<string, string>, url: string): Promise<AnalysisSummary> {
  const body = await multipart(input);
  const response = await server.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AnalysisSummary>();
}

async function detail(id: string): Promise<AnalysisDetail> {
  const response = await server.app.inject({ method: 'GET', url: `${consoleUrl()}/${id}`, headers: qualifier });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalysisDetail>();
}

/** Reads the analysis through the API until the workers are done with it. */
async function settled(id: string, timeoutMs = 20_000): Promise<AnalysisDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await detail(id);
    if (!['waiting', 'pending'].includes(current.status) || current.awaitingFinalStatus) return current;
    if (Date.now() > deadline) throw new Error(`analysis still ${current.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A plain-text mail; the HTML extraction is the pipeline's to test. */
const forwarded = 'From: carol@example.com\r\nTo: alice@example.com\r\nSubject: Terms\r\n\r\nDelivery within 5 days.\r\n';

const mail = [
  'From: alice@example.com',
  'To: orders@example.com',
  'Subject: Order of two boxes',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Hello, please send two boxes of paper.',
  '',
].join('\r\n');

describe('an uploaded analysis, processed', () => {
  it('shows the extractor result and the trace of each run, and can be reanalyzed', async () => {
    const created = await upload(
      {
        file: { name: 'order.eml', content: mail },
        attachments: [{ name: 'terms.eml', content: forwarded }],
      },
      qualifier,
      consoleUrl(),
    );
    const done = await settled(created.id);
    expect(done.status).toBe('processed');
    expect(done.modules.map((module) => [module.type, module.outcome])).toEqual([
      ['extractor', 'success'],
      ['output', 'success'],
    ]);
    const extracted = done.modules[0]!.result as ExtractorResult;
    const text = (name: string) =>
      extracted.documents
        .filter((document) => document.name === name)
        .flatMap((document) => document.blocks.map((block) => block.text))
        .join('\n');
    expect(text('order.eml')).toContain('please send two boxes of paper');
    expect(text('terms.eml')).toContain('Delivery within 5 days.');
    expect(done.trace.filter((entry) => entry.run === 1).map((entry) => entry.module)).toEqual(
      expect.arrayContaining(['queue', 'extractor', 'output']),
    );

    // Reanalysis while it runs is refused; once processed, a second run goes through.
    const again = await server.app.inject({ method: 'POST', url: `${consoleUrl()}/${created.id}/reanalyze`, headers: qualifier });
    expect(again.json()).toMatchObject({ status: 'waiting' });
    const refused = await server.app.inject({ method: 'POST', url: `${consoleUrl()}/${created.id}/reanalyze`, headers: qualifier });
    // Waiting or already picked up by the worker: either way, still processing.
    if (refused.statusCode !== 200) expect([refused.statusCode, refused.json().code]).toEqual([409, 'alreadyProcessing']);
    const second = await settled(created.id);
    expect(second.status).toBe('processed');
    expect(second.trace.filter((entry) => entry.run === 2).map((entry) => entry.module)).toEqual(
      expect.arrayContaining(['queue', 'extractor', 'output']),
    );
  });

  it('reads a simulated mail and its attachment like a real one', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${consoleUrl()}/simulated-mail`,
      headers: qualifier,
      payload: {
        sender: 'bob@example.com',
        recipient: 'claims@example.com',
        subject: 'Water damage',
        body: 'The kitchen ceiling is leaking.',
        attachments: [
          {
            name: 'report.eml',
            contentBase64: Buffer.from('Subject: Plumber\r\n\r\nPlumber report: pipe cracked.\r\n').toString('base64'),
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const done = await settled(response.json<AnalysisSummary>().id);
    expect(done).toMatchObject({ status: 'processed', inputType: 'simulatedMail' });
    const all = JSON.stringify(done.modules[0]!.result);
    expect(all).toContain('The kitchen ceiling is leaking.');
    expect(all).toContain('Plumber report: pipe cracked.');
  });
});

describe('abort with the workers running', () => {
  it('wins over the run, whether the worker had picked the analysis up or not', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await upload({ file: { name: `abort-${i}.eml`, content: mail } }, qualifier, consoleUrl())).id);
    }
    for (const id of ids) {
      const aborted = await server.app.inject({ method: 'POST', url: `${consoleUrl()}/${id}/abort`, headers: qualifier });
      // Aborted while waiting or running; or the run was already over (then it is refused as finished).
      if (aborted.statusCode !== 200) expect([aborted.statusCode, aborted.json().code]).toEqual([409, 'alreadyFinished']);
    }
    // Give the worker time to finish whatever step it was in: it must not write a status over the abort.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const id of ids) {
      const current = await detail(id);
      if (current.trace.some((entry) => entry.module === 'abort')) {
        expect(current).toMatchObject({ status: 'aborted', awaitingFinalStatus: false });
      } else {
        expect(current.status).toBe('processed');
      }
    }
  });
});

describe('manual final status on a real run (§4)', () => {
  it('waits after the last module, then the PATCH finishes it and the output is readable', async () => {
    const headers = { authorization: `Bearer ${key}` };
    const created = await upload({ file: { name: 'order.eml', content: mail }, fields: { manualFinalStatus: 'true' } }, headers, apiUrl());
    const waiting = await settled(created.id);
    expect(waiting).toMatchObject({ status: 'pending', awaitingFinalStatus: true });

    const read = await server.app.inject({ method: 'GET', url: `${apiUrl()}/${created.id}`, headers });
    expect(read.json<AnalysisStatusReport>()).toMatchObject({ status: 'pending', awaitingFinalStatus: true, output: null });

    const refused = await server.app.inject({ method: 'PATCH', url: `${apiUrl()}/${created.id}`, headers, payload: { status: 'processed' } });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'exchangeLabelsRequired']);
    const finished = await server.app.inject({
      method: 'PATCH',
      url: `${apiUrl()}/${created.id}`,
      headers,
      payload: { status: 'processed', exchangeLabels: ['orders'] },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const report = finished.json<AnalysisStatusReport>();
    expect(report).toMatchObject({ status: 'processed', exchangeLabels: ['orders'], awaitingFinalStatus: false });
    expect(report.output).toEqual(expect.any(Object));
    expect(report.output).not.toBeNull();

    const trace = (await detail(created.id)).trace.map((entry) => [entry.module, entry.outcome]);
    expect(trace.at(-1)).toEqual(['finalStatus', 'success']);
  });
});
