/**
 * Categories, extracted data and the reply draft at the analysis level: a real run (extractor →
 * categorization → extraction → consolidation → reply → output, on the pipeline's workers) keeps its
 * summary on the analysis, and the console's list and detail and a program's status report answer
 * it; the list filters by category (a malformed filter is a 400 with its code); an analysis finished
 * before summaries were kept answers empty values, never guessed ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysesPage, AnalysisDetail, AnalysisStatusReport, AnalysisSummary } from '../../src/contract/analyses';
import { eq } from 'drizzle-orm';
import { analyses } from '../db/schema';
import { anonymizeDue } from '../pipeline/retention';
import { createEnvironment } from '../pipeline/testing/analyses';
import { insertAnalysis } from '../test-support/insert-analysis';
import { multipart } from '../test-support/multipart';
import { createAccessKey, createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let envId: string;
let qualifier: { authorization: string };
let key: string;

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 20 } });
  envId = await createEnvironment(server.handle.db, {
    modules: [
      { id: 'x', type: 'extractor', name: 'Extracteur' },
      {
        id: 'tri',
        type: 'categorization',
        name: 'Tri des hublots',
        config: {
          defaultCategory: 'divers_hublots',
          categories: [
            {
              id: 'c-rep',
              name: 'reparation_hublot',
              rules: [{ id: 'r-sujet', name: 'sujetHublot', priority: 1, criteria: [{ type: 'header', header: 'subject', condition: { operator: 'contains', value: 'hublot' } }] }],
            },
          ],
        },
      },
      {
        id: 'champs',
        type: 'extraction',
        name: 'Champs hublot',
        config: {
          fields: [
            { id: 'f1', name: 'numero_cabine', label: 'Numéro de cabine', source: { type: 'regex', pattern: 'cabine (\\d+)', group: 1 } },
            { id: 'f2', name: 'diametre_mm', label: 'Diamètre (mm)', format: 'number', source: { type: 'regex', pattern: '(\\d+) ?mm', group: 1 } },
          ],
        },
      },
      { id: 'conso', type: 'consolidation', name: 'Consolidation', config: { workflowId: 'wf-hublots', labels: [{ category: 'reparation_hublot', labels: ['Atelier hublots'] }] } },
      { id: 'rep', type: 'replyTemplate', name: 'Réponse' },
      { id: 'o', type: 'output', name: 'Sortie' },
    ],
    replyTemplates: [{ id: 't-hublot', name: 'Réponse hublot', category: 'reparation_hublot', body: 'Bonjour, la réparation « {{ subject }} » est notée à l’atelier.' }],
  });
  qualifier = { authorization: `Bearer ${await signIn(server.app, 'qualifier')}` };
  key = (await createAccessKey(server.app, envId, 'Atelier')).secret;
}, 60_000);
afterAll(() => server.close());

const consoleUrl = () => `/v4/console/api/environment/${envId}/analyses`;

function mail(subject: string, body: string): string {
  return [`From: bosco@navire.example`, 'To: atelier@navire.example', `Subject: ${subject}`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', body, ''].join('\r\n');
}

async function upload(name: string, content: string): Promise<string> {
  const body = await multipart({ file: { name, content } });
  const response = await server.app.inject({ method: 'POST', url: consoleUrl(), headers: { ...qualifier, ...body.headers }, payload: body.payload });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<AnalysisSummary>();
  // Queued, not run: nothing to show yet.
  expect(created).toMatchObject({ categories: [], extractedData: [], replyDraft: null });
  return created.id;
}

async function detail(id: string): Promise<AnalysisDetail> {
  const response = await server.app.inject({ method: 'GET', url: `${consoleUrl()}/${id}`, headers: qualifier });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalysisDetail>();
}

async function settled(id: string): Promise<AnalysisDetail> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const current = await detail(id);
    if (!['waiting', 'pending'].includes(current.status)) return current;
    if (Date.now() > deadline) throw new Error(`analysis still ${current.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function list(query: string): Promise<AnalysesPage> {
  const response = await server.app.inject({ method: 'GET', url: `${consoleUrl()}?${query}`, headers: qualifier });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalysesPage>();
}

let repair: string;
let other: string;
let before: string;

describe('results at the analysis level', () => {
  beforeAll(async () => {
    repair = await upload('hublot.eml', mail('Hublot fêlé', 'Le hublot de la cabine 12 (420 mm) est fêlé depuis la tempête.'));
    other = await upload('facture.eml', mail('Question de facture', 'Bonjour, où en est ma facture ?'));
    // Finished before summaries were kept: a processed row with no summary.
    before = await insertAnalysis(server.handle.db, { environmentId: envId, createdAt: new Date(Date.now() - 86_400_000), name: 'Ancienne analyse' });
    await settled(repair);
    await settled(other);
  }, 120_000);

  it('answers the category with why, the fields with their labels and the draft in the console detail', async () => {
    const done = await detail(repair);
    expect(done.status).toBe('processed');
    expect(done.categories).toHaveLength(1);
    expect(done.categories[0]).toMatchObject({
      name: 'reparation_hublot',
      documentName: 'hublot.eml',
      labels: ['Atelier hublots'],
      decision: { explanation: { kind: 'rule', ruleName: 'sujetHublot', held: [{ evidence: [expect.stringContaining('Hublot fêlé')] }] } },
    });
    expect(done.extractedData).toEqual([
      { name: 'numero_cabine', label: 'Numéro de cabine', value: '12', truncated: false, document: null },
      { name: 'diametre_mm', label: 'Diamètre (mm)', value: 420, truncated: false, document: null },
    ]);
    expect(done.replyDraft).toEqual({ text: 'Bonjour, la réparation « Hublot fêlé » est notée à l’atelier.', truncated: false, template: 'Réponse hublot' });
    const fallback = await detail(other);
    expect(fallback.categories.map((category) => [category.name, category.decision.explanation.kind])).toEqual([['divers_hublots', 'default']]);
    expect(fallback.replyDraft).toBeNull();
  });

  it('answers the same in the list and in the status report of /v4/api', async () => {
    const page = await list('pageSize=10');
    const row = page.items.find((item) => item.id === repair)!;
    expect(row.categories.map((category) => category.name)).toEqual(['reparation_hublot']);
    expect(row.extractedData.find((field) => field.name === 'numero_cabine')?.value).toBe('12');
    expect(row.replyDraft?.template).toBe('Réponse hublot');

    const response = await server.app.inject({ method: 'GET', url: `/v4/api/environment/${envId}/analyses/${repair}`, headers: { authorization: `Bearer ${key}` } });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<AnalysisStatusReport>();
    expect(report.categories.map((category) => category.name)).toEqual(['reparation_hublot']);
    expect(report.extractedData.map((field) => [field.label, field.value])).toEqual([['Numéro de cabine', '12'], ['Diamètre (mm)', 420]]);
    expect(report.replyDraft?.text).toContain('est notée à l’atelier');
  });

  it('filters the list by category, server-side, and refuses a malformed filter with a 400 and its code', async () => {
    expect((await list('category=reparation_hublot')).items.map((item) => item.id)).toEqual([repair]);
    expect((await list(`category=${encodeURIComponent(' divers_hublots ')}`)).items.map((item) => item.id)).toEqual([other]);
    expect((await list('category=inconnue')).items).toEqual([]);
    // A prefix is not a category.
    expect((await list('category=reparation')).items).toEqual([]);
    for (const bad of ['', '%20%20', 'x'.repeat(101), 'a%01b']) {
      const response = await server.app.inject({ method: 'GET', url: `${consoleUrl()}?category=${bad}`, headers: qualifier });
      expect([bad, response.statusCode, response.json().code]).toEqual([bad, 400, 'invalidCategoryFilter']);
    }
  });

  it('answers empty values for an analysis finished before summaries were kept, and forgets them on reanalysis', async () => {
    const old = await detail(before);
    expect(old).toMatchObject({ status: 'processed', categories: [], extractedData: [], replyDraft: null });
    expect((await list('pageSize=10')).items.find((item) => item.id === before)).toMatchObject({ categories: [], extractedData: [], replyDraft: null });
    const again = await server.app.inject({ method: 'POST', url: `${consoleUrl()}/${repair}/reanalyze`, headers: qualifier });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'waiting', categories: [], extractedData: [], replyDraft: null });
    expect((await settled(repair)).categories.map((category) => category.name)).toEqual(['reparation_hublot']);
  });

  it('forgets the summary when retention anonymizes the analysis: extracted values and drafts are the sender\'s content', async () => {
    // The environment keeps analyses a month by default: two months later this one is due.
    expect(await anonymizeDue(server.handle.db, new Date(Date.now() + 60 * 86_400_000))).toBeGreaterThan(0);
    const [row] = await server.handle.db.select({ summary: analyses.resultsSummary }).from(analyses).where(eq(analyses.id, repair));
    expect(row!.summary).toBeNull();
    expect((await list('pageSize=10')).items.find((item) => item.id === repair)).toMatchObject({ categories: [], extractedData: [], replyDraft: null });
    expect((await list('category=reparation_hublot')).items).toEqual([]);
  });
});
