/**
 * The SRE analyses counter: analyses per organisation, project and environment over a
 * period of the caller's days, from the usage ledger (a deleted environment still counts), beside
 * each organisation's quota; SRE only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysesCounter } from '../../src/contract/sre';
import { environments, organisations } from '../db/schema';
import { insertAnalysis } from '../test-support/insert-analysis';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['sre', 'support', 'admin']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
  const db = server.handle.db;
  await db.update(organisations).set({ contractStartDate: '2024-01-01', yearlyQuota: 100 }).where(eq(organisations.id, 'demo'));
  for (const at of ['2025-03-01T10:00:00Z', '2025-03-02T10:00:00Z', '2025-03-31T22:30:00Z']) await insertAnalysis(db, { environmentId: 'demo-ic-prod', createdAt: at });
  await insertAnalysis(db, { environmentId: 'demo-nlu-prod', createdAt: '2025-03-15T10:00:00Z' });
  await insertAnalysis(db, { environmentId: 'demo-ic-recette', createdAt: '2025-03-20T10:00:00Z' });
  await insertAnalysis(db, { environmentId: 'demo-ic-prod', createdAt: '2025-02-28T10:00:00Z' }); // before the period
  // A deleted environment's analyses still count, without its name.
  await db.delete(environments).where(eq(environments.id, 'demo-ic-recette'));
}, 60_000);
afterAll(() => server.close());

const count = (user: string, query: string) =>
  server.app.inject({ method: 'GET', url: `/v4/console/api/admin/analyses-counter?${query}`, headers: headers[user] });

describe('SRE analyses counter', () => {
  it('counts per organisation, project and environment over the days of the caller, with the quota used', async () => {
    const response = await count('sre', 'from=2025-03-01&to=2025-03-31&tz=Europe/Paris');
    expect(response.statusCode, response.body).toBe(200);
    const demo = response.json<AnalysesCounter>().organisations.find((o) => o.organisationId === 'demo')!;
    // 31 March 22:30 UTC is 1 April in Paris: out of March.
    expect(demo.analyses).toBe(4);
    expect(demo.projects.map((p) => [p.projectId, p.analyses])).toEqual([
      ['demo-ic', 3],
      ['demo-nlu', 1],
    ]);
    expect(demo.projects[0]!.environments.map((e) => [e.environmentId, e.name === null, e.analyses])).toEqual([
      ['demo-ic-prod', false, 2],
      ['demo-ic-recette', true, 1],
    ]);
    // The contract year 2025 (from 1 January) holds all six analyses, the February one included.
    expect(demo.quota).toEqual({ yearlyQuota: 100, used: 6, left: 94 });
    const utc = (await count('sre', 'from=2025-03-01&to=2025-03-31')).json<AnalysesCounter>();
    expect(utc.organisations.find((o) => o.organisationId === 'demo')!.analyses).toBe(5);
  });

  it('is for the SRE only, and refuses periods out of bounds', async () => {
    expect((await count('support', 'from=2025-03-01&to=2025-03-31')).statusCode).toBe(403);
    expect((await count('admin', 'from=2025-03-01&to=2025-03-31')).statusCode).toBe(403);
    const reversed = await count('sre', 'from=2025-03-31&to=2025-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'invalidCounterPeriod' });
  });
});
