/**
 * A file analysed in the browser (the files viewer's "analyse with an environment": the shared
 * extractor and the replayed modules, src/analyses/local-analysis.ts, with no DOM) gives what the
 * server's pipeline gives the same file in the same environment: the demo NLU environment, its
 * settings and NLU lists read from the endpoints the console reads, mails whose categories and fields
 * the demo configuration finds, and a shared fixture with an HTML body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisDetail } from '../../src/contract/analyses';
import type { EnvironmentDetails } from '../../src/contract/environments';
import type { NluServer } from '../../src/contract/nlu';
import { analyseLocally } from '../../src/analyses/local-analysis';
import { inPlaceParser } from '../../src/extractor/local-services';
import type { ReplayNluLists } from '../../src/testing-center/replay-setup';
import { createNluRuntime } from '../nlu/runtime';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { fixture, queueAnalysis, waitForEnd } from '../pipeline/testing/analyses';
import { mailFile } from './test-support';

const ENVIRONMENT = 'demo-nlu-prod';
let server: TestServer;
let headers: Record<string, string>;

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 5000, parseDeadlineMs: 120_000 }, nlu: createNluRuntime({ startupMs: 0 }) });
  headers = { authorization: `Bearer ${await signIn(server.app, 'configurator')}` };
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function get<T>(url: string): Promise<T> {
  const response = await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${ENVIRONMENT}${url}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

async function nluLists(): Promise<ReplayNluLists> {
  return { archetypes: await get('/nlu/archetypes'), contexts: await get('/nlu/contexts'), interactions: await get('/nlu/interactions'), functions: await get('/nlu/functions'), servers: await get<NluServer[]>('/nlu/servers') };
}

/** What each module decided, without its message (worded by the trace) or the stored file's id. */
const decided = (modules: { type: string; name: string; outcome: string; result: unknown }[]) =>
  JSON.parse(
    JSON.stringify(
      modules.filter((module) => module.type !== 'output' && module.type !== 'replyTemplate').map(({ type, name, outcome, result }) => ({ type, name, outcome, result })),
      (key, value: unknown) => (key === 'fileId' ? null : value),
    ),
  ) as unknown;

describe('a file analysed in the browser', { timeout: 300_000 }, () => {
  it('gives the categories, fields and NLU results the server pipeline gives', async () => {
    const environment = await get<EnvironmentDetails>('/settings');
    const lists = await nluLists();
    const files = [
      { name: 'sinistre.eml', content: mailFile('Sinistre', "Je déclare un sinistre survenu le 4 novembre 2026 : dégât des eaux. Montant estimé des dommages : 1750 €.\n\nMon contrat est AB-70137.") },
      { name: 'resiliation.eml', content: mailFile('Résiliation', "Je souhaite résilier mon contrat AB-70137 à sa date d'échéance.") },
      { name: 'mixed.eml', content: fixture('eml/mixed.eml') },
    ];
    let categorized = 0;
    for (const file of files) {
      const id = await queueAnalysis(server.handle.db, ENVIRONMENT, [{ name: file.name, content: file.content }]);
      const row = await waitForEnd(server.handle.db, id, 150_000);
      const detail = await get<AnalysisDetail>(`/analyses/${id}`);
      const local = await analyseLocally({ name: file.name, contentType: 'message/rfc822', bytes: new Uint8Array(file.content) }, environment.settings, lists, inPlaceParser, new Date(row.createdAt));
      expect(local.mainFileError).toBeNull();
      expect({ name: file.name, modules: decided(local.modules) }).toEqual({ name: file.name, modules: decided(detail.modules) });
      if (local.modules.some((module) => module.type === 'categorization' && JSON.stringify(module.result).includes('Déclaration de sinistre'))) categorized += 1;
    }
    // Real work was compared: the claim was categorized.
    expect(categorized).toBeGreaterThanOrEqual(1);
  });
});
