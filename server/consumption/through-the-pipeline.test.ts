// PostgreSQL pass: the usage ledger written by the pipeline in raw SQL.
/**
 * Consumption of analyses that went the whole way: created by a program through the analyses API
 * with an access key, run by a pipeline worker that measures their CPU time, then counted for the
 * quota and converted into CO2 on the organisation page and in the widget, still after a deletion.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisSummary } from '../../src/contract/analyses';
import type { EnvironmentConsumption, OrganisationConsumption } from '../../src/contract/consumption';
import { analysisUsage } from '../db/schema';
import { waitForEnd } from '../pipeline/testing/analyses';
import { multipart } from '../test-support/multipart';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { footprint, co2Method } from './co2';

let server: TestServer;
let admin: { authorization: string };
let secret: string;

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 5000 } });
  admin = { authorization: `Bearer ${await signIn(server.app, 'admin')}` };
  const created = await server.app.inject({
    method: 'POST',
    url: '/v4/console/api/environment/demo-ic-prod/access-keys',
    headers: admin,
    payload: { name: 'consumption test' },
  });
  secret = created.json<{ secret: string }>().secret;
}, 60_000);
afterAll(() => server.close());

async function createThroughTheApi(subject: string): Promise<string> {
  const mail = `From: a@example.com\r\nTo: b@example.com\r\nSubject: ${subject}\r\n\r\nTwo boxes please.\r\n`;
  const body = await multipart({ file: { name: 'order.eml', content: mail } });
  const response = await server.app.inject({
    method: 'POST',
    url: '/v4/api/environment/demo-ic-prod/analyses',
    headers: { authorization: `Bearer ${secret}`, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AnalysisSummary>().id;
}

describe('consumption of analyses run by the pipeline', () => {
  it('counts them for the quota and turns their measured CPU time into CO2', async () => {
    const ids = [await createThroughTheApi('One'), await createThroughTheApi('Two')];
    const rows = await Promise.all(ids.map((id) => waitForEnd(server.handle.db, id)));
    expect(rows.map((row) => row.status)).toEqual(['processed', 'processed']);
    const cpuMs = rows.reduce((sum, row) => sum + row.cpuMs, 0);
    expect(cpuMs).toBeGreaterThan(0);

    const page = (
      await server.app.inject({ method: 'GET', url: '/v4/console/api/organisation/demo/consumption', headers: admin })
    ).json<OrganisationConsumption>();
    expect(page.quota.used).toBe(2);
    expect(page.projects).toEqual([expect.objectContaining({ projectId: 'demo-ic', analyses: 2 })]);
    expect(page.co2).toEqual(footprint(cpuMs, co2Method({})));
    expect(page.co2.kgCo2).toBeGreaterThan(0);

    const widget = (
      await server.app.inject({ method: 'GET', url: '/v4/console/api/environment/demo-ic-prod/consumption', headers: admin })
    ).json<EnvironmentConsumption>();
    expect(widget.analyses).toBe(2);
    expect(widget.quota).toEqual({ yearlyQuota: 10_000, used: 2, left: 9_998 });
  });

  it('keeps their measured CPU time in the usage ledger, so a deleted one still weighs in the CO2 footprint', async () => {
    const id = await createThroughTheApi('Three');
    const row = await waitForEnd(server.handle.db, id);
    expect(row.cpuMs).toBeGreaterThan(0);
    const [usage] = await server.handle.db.select().from(analysisUsage).where(eq(analysisUsage.analysisId, id));
    expect(usage).toMatchObject({ cpuMs: row.cpuMs, environmentId: 'demo-ic-prod', projectId: 'demo-ic', organisationId: 'demo' });

    const pageUrl = '/v4/console/api/organisation/demo/consumption';
    const before = (await server.app.inject({ method: 'GET', url: pageUrl, headers: admin })).json<OrganisationConsumption>();
    const deleted = await server.app.inject({ method: 'DELETE', url: `/v4/console/api/environment/demo-ic-prod/analyses/${id}`, headers: admin });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const after = (await server.app.inject({ method: 'GET', url: pageUrl, headers: admin })).json<OrganisationConsumption>();
    expect(after.quota.used).toBe(3);
    expect(after.co2).toEqual(before.co2);
  });
});
