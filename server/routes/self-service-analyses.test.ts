/**
 * What the self-service pages call for one use case: a light user uploads a mail to their
 * own use case, lists and reads its analyses (categories and extracted data included once the real
 * pipeline ran), reads its dashboard and downloads its files — and reaches none of that on another
 * light user's use case or on the full console's environments.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysesPage, AnalysisDetail, AnalysisSummary } from '../../src/contract/analyses';
import type { EnvironmentDashboard } from '../../src/contract/dashboard';
import type { SelfServiceUseCase } from '../../src/contract/self-service';
import { hashPassword } from '../auth/passwords';
import { members, users } from '../db/schema';
import { multipart } from '../test-support/multipart';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};
type User = 'light' | 'other' | 'qualifier' | 'viewer' | 'admin';

/** A mail asking the insurer for an appointment, with a contract number and a phone to pick out. */
const MAIL = [
  'From: client@example.com',
  'To: agence@example.com',
  'Subject: Rendez-vous',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Bonjour, je voudrais prendre un rendez-vous pour mon contrat n° AB-123456. Mon téléphone : 06 12 34 56 78.',
  '',
].join('\r\n');
const FIXTURE_EML = resolve(import.meta.dirname, '../../../shared/fixtures/eml/mixed.eml');

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 20 } });
  // A second light user of the demo organisation: neither may reach the other's use cases.
  await server.handle.db.insert(users).values({
    id: 'test-light-2',
    username: 'light2',
    firstname: 'Luc',
    lastname: 'Libre',
    email: 'light2@example.com',
    passwordHash: await hashPassword('Postroom-demo-1'),
    isLight: true,
  });
  await server.handle.db.insert(members).values({ organisationId: 'demo', userId: 'test-light-2', role: 'ROLE_PROJECT_SELF_SERVICE', adminMode: 'notAdmin' });
  for (const [user, username] of [['light', 'light'], ['other', 'light2'], ['qualifier', 'qualifier'], ['viewer', 'viewer'], ['admin', 'admin']] as const) {
    headers[user] = { authorization: `Bearer ${await signIn(server.app, username)}` };
  }
}, 60_000);
afterAll(() => server.close());

const url = (path: string) => `/v4/console/api${path}`;
const get = (user: User, path: string) => server.app.inject({ method: 'GET', url: url(path), headers: headers[user] });

async function upload(user: User, envId: string, name: string, content: string | Uint8Array) {
  const body = await multipart({ file: { name, content, type: 'message/rfc822' } });
  return server.app.inject({ method: 'POST', url: url(`/environment/${envId}/analyses`), headers: { ...headers[user], ...body.headers }, payload: body.payload });
}

async function createUseCase(user: User, name: string): Promise<SelfServiceUseCase> {
  const response = await server.app.inject({
    method: 'POST',
    url: url('/self/use-cases'),
    headers: headers[user],
    payload: { name, source: { kind: 'template', template: 'insurance:meeting' } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SelfServiceUseCase>();
}

async function settled(envId: string, id: string): Promise<AnalysisDetail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await get('light', `/environment/${envId}/analyses/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const current = response.json<AnalysisDetail>();
    if (!['waiting', 'pending'].includes(current.status)) return current;
    if (Date.now() > deadline) throw new Error(`analysis still ${current.status}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

const today = () => new Date().toISOString().slice(0, 10);

describe('a light user on their own use case', () => {
  let mine: SelfServiceUseCase;
  let analysis: AnalysisSummary;

  it('uploads a mail, lists it and reads its categories and extracted data', async () => {
    mine = await createUseCase('light', 'Mes rendez-vous');
    const response = await upload('light', mine.id, 'rendez-vous.eml', MAIL);
    expect(response.statusCode, response.body).toBe(201);
    analysis = response.json<AnalysisSummary>();

    const list = await get('light', `/environment/${mine.id}/analyses?page=1&pageSize=25`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<AnalysesPage>().items.map((item) => item.id)).toEqual([analysis.id]);

    const done = await settled(mine.id, analysis.id);
    expect(done.status).toBe('processed');
    const categorization = done.modules.find((module) => module.type === 'categorization');
    const categories = (categorization?.result as { documents: { categories: { category: string }[] }[] }).documents.flatMap((d) => d.categories.map((c) => c.category));
    expect(categories).toContain('prise_de_rendez_vous');
    const extraction = done.modules.find((module) => module.type === 'extraction');
    expect(JSON.stringify(extraction?.result)).toContain('AB-123456');

    // No trace, no webhook deliveries, no other module's internals for the light user; an
    // organisation admin (configurator of every project) reads the same analysis whole.
    expect(done.trace).toEqual([]);
    expect(done.deliveries).toEqual([]);
    const shown = done.modules.map((module) => module.type);
    expect(shown).toEqual(expect.arrayContaining(['categorization', 'extraction']));
    expect(shown.filter((type) => !['categorization', 'consolidation', 'extraction', 'replyTemplate'].includes(type))).toEqual([]);
    const whole = (await get('admin', `/environment/${mine.id}/analyses/${analysis.id}`)).json<AnalysisDetail>();
    expect(whole.trace.length).toBeGreaterThan(0);
    expect(whole.modules.map((module) => module.type)).toEqual(expect.arrayContaining(['extractor', 'categorization', 'extraction']));

    // A real mail of the fixtures goes through as well.
    const fixture = await upload('light', mine.id, 'mixed.eml', new Uint8Array(readFileSync(FIXTURE_EML)));
    expect(fixture.statusCode, fixture.body).toBe(201);
    expect((await settled(mine.id, fixture.json<AnalysisSummary>().id)).status).toBe('processed');
  });

  it('downloads the file sent and reads the use case dashboard', async () => {
    const [file] = (await settled(mine.id, analysis.id)).files;
    const downloaded = await get('light', `/environment/${mine.id}/analyses/${analysis.id}/files/${file!.id}`);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.body).toContain('AB-123456');

    const dashboard = await get('light', `/environment/${mine.id}/dashboard?from=${today()}&to=${today()}&bucket=hour&tz=UTC`);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const figures = dashboard.json<EnvironmentDashboard>();
    expect(figures.totals.received).toBe(2);
    expect(figures.categories.map((share) => share.category)).toContain('prise_de_rendez_vous');
  });

  it('reaches nothing of another light user or of the full console', async () => {
    const theirs = await createUseCase('other', 'Leurs rendez-vous');
    const sent = await upload('other', theirs.id, 'leur.eml', MAIL);
    expect(sent.statusCode, sent.body).toBe(201);
    const theirAnalysis = sent.json<AnalysisSummary>().id;

    // Neither light user sees that the other's use case exists.
    for (const [user, envId, analysisId] of [
      ['light', theirs.id, theirAnalysis],
      ['other', mine.id, analysis.id],
    ] as const) {
      expect((await get(user, `/environment/${envId}/analyses`)).statusCode).toBe(404);
      expect((await get(user, `/environment/${envId}/analyses/${analysisId}`)).statusCode).toBe(404);
      expect((await get(user, `/environment/${envId}/dashboard?from=${today()}&to=${today()}&bucket=hour`)).statusCode).toBe(404);
      expect((await upload(user, envId, 'intrus.eml', MAIL)).statusCode).toBe(404);
    }
    // The full console's environments are not theirs either.
    expect((await upload('light', 'demo-ic-prod', 'intrus.eml', MAIL)).statusCode).toBe(404);
    expect((await get('light', `/environment/demo-ic-prod/dashboard?from=${today()}&to=${today()}&bucket=hour`)).statusCode).toBe(404);
    // And a full-console user without a grant on the light user's project does not reach theirs.
    expect((await get('qualifier', `/environment/${mine.id}/analyses/${analysis.id}`)).statusCode).toBe(404);
    expect((await upload('viewer', mine.id, 'intrus.eml', MAIL)).statusCode).toBe(404);
    // Their own use case keeps only their analyses.
    const list = await get('light', `/environment/${mine.id}/analyses`);
    expect(list.json<AnalysesPage>().items).toHaveLength(2);
  });
});
