/**
 * Consumption counted from the usage ledger (spec §2.4, §3 Organisation, §9): months and projects
 * of a contract year that starts mid-March, the quota left, the CO2 footprint since 24 April 2025,
 * days in the caller's time zone, who may see an organisation's figures, and analyses that keep
 * counting once they, their environment or their project are deleted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentConsumption, OrganisationConsumption } from '../../src/contract/consumption';
import { contractYearOn } from '../consumption/contract-year';
import { todayIn } from '../consumption/time-zone';
import { hashPassword } from '../auth/passwords';
import { analyses, environments, members, organisations, projectPermissions, users } from '../db/schema';
import { ENVIRONMENT_DELETION_DELAY_MS } from './environments';
import { insertAnalysis } from '../test-support/insert-analysis';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};

/** Analyses are created by the analyses API; here only the columns consumption reads matter. */
const insert = (environmentId: string, createdAt: string, cpuMs = 0) =>
  insertAnalysis(server.handle.db, { environmentId, createdAt, cpuMs });

beforeAll(async () => {
  server = await createTestServer();
  // A member of the organisation given qualifier on one project only: reads the organisation's
  // consumption (cockpit-only members may not), and sees that project alone.
  await server.handle.db.insert(users).values({
    id: 'test-member',
    username: 'member',
    firstname: 'Marc',
    lastname: 'Membre',
    email: 'member@example.com',
    passwordHash: await hashPassword('Postroom-demo-1'),
  });
  await server.handle.db.insert(members).values({ organisationId: 'demo', userId: 'test-member', role: 'ROLE_PROJECT_QUALIFIER', adminMode: 'notAdmin' });
  await server.handle.db.insert(projectPermissions).values({ organisationId: 'demo', projectId: 'demo-nlu', userId: 'test-member', profile: 'qualifier' });
  for (const user of ['admin', 'viewer', 'member', 'light', 'guest', 'sre', 'support']) {
    headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
  }
  await server.handle.db
    .update(organisations)
    .set({ contractStartDate: '2023-03-15', yearlyQuota: 10 })
    .where(eq(organisations.id, 'demo'));
  // Contract year 2025 runs from 15 March 2025 to 14 March 2026.
  await insert('demo-ic-prod', '2025-03-14T12:00:00Z', 999_999); // year 2024
  await insert('demo-ic-prod', '2025-03-15T12:00:00Z', 500_000); // before CO2 tracking
  await insert('demo-ic-prod', '2025-04-23T21:00:00Z', 700_000); // 23 April in UTC, 23:00 in Paris
  await insert('demo-ic-prod', '2025-04-23T22:30:00Z', 3_600_000); // 24 April 00:30 in Paris
  await insert('demo-nlu-prod', '2025-06-10T08:00:00Z', 1_000);
  await insert('demo-nlu-prod', '2025-06-10T09:00:00Z', 2_000);
  await insert('demo-ic-recette', '2025-06-11T09:00:00Z', 0);
  // 15 March 2026 00:30 in Paris is still 14 March in UTC: the boundary depends on the time zone.
  await insert('demo-nlu-prod', '2026-03-14T23:30:00Z', 0);
  // PGlite's start and six sign-ins take more than the default 10 s on a busy machine.
}, 60_000);
afterAll(() => server.close());

const get = (user: string, url: string) => server.app.inject({ method: 'GET', url: `/v4/console/api${url}`, headers: headers[user] });

async function orgaConsumption(user: string, query: string) {
  const response = await get(user, `/organisation/demo/consumption?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrganisationConsumption>();
}

describe('organisation consumption', () => {
  it('counts a contract year per month, starting on the contract start date, in the caller time zone', async () => {
    const year = await orgaConsumption('admin', 'year=2025&tz=Europe/Paris');
    expect(year.contractYear).toEqual({ year: 2025, start: '2025-03-15', end: '2026-03-14' });
    expect(year.months).toHaveLength(13);
    const byMonth = Object.fromEntries(year.months.map((m) => [m.month, m.analyses]));
    expect(byMonth).toMatchObject({ '2025-03': 1, '2025-04': 2, '2025-05': 0, '2025-06': 3, '2026-03': 0 });
    expect(year.quota).toEqual({ yearlyQuota: 10, used: 6, left: 4 });

    // In UTC the 00:30 analysis of 15 March 2026 (Paris) belongs to the 2025 contract year instead.
    const utc = await orgaConsumption('admin', 'year=2025');
    expect(utc.quota.used).toBe(7);
    expect(utc.months.at(-1)).toMatchObject({ month: '2026-03', from: '2026-03-01', to: '2026-03-14', analyses: 1 });
    const next = await orgaConsumption('admin', 'year=2026&tz=Europe/Paris');
    expect(next.months[0]).toMatchObject({ month: '2026-03', from: '2026-03-15', analyses: 1 });
  });

  it('splits the year per project, busiest first, with per-month figures', async () => {
    const year = await orgaConsumption('admin', 'year=2025&tz=Europe/Paris');
    expect(year.projects.map((p) => [p.projectId, p.analyses])).toEqual([
      ['demo-ic', 4],
      ['demo-nlu', 2],
    ]);
    const nlu = year.projects.find((p) => p.projectId === 'demo-nlu');
    expect(nlu?.perMonth[year.months.findIndex((m) => m.month === '2025-06')]).toBe(2);
    expect(nlu?.perMonth.reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('counts CPU time for the footprint from 24 April 2025 only', async () => {
    const year = await orgaConsumption('admin', 'year=2025&tz=Europe/Paris');
    // 3 600 000 + 1 000 + 2 000 ms; the 15 March and 23 April analyses count for the quota only.
    expect(year.co2.cpuMs).toBe(3_603_000);
    expect(year.co2.kWh).toBeCloseTo((3_603_000 / 3_600_000) * 3.5 * 1.3 / 1000, 12);
    expect(year.co2.kgCo2).toBeCloseTo(year.co2.kWh * 0.06, 12);
    expect(year.months.find((m) => m.month === '2025-04')?.co2.cpuMs).toBe(3_600_000);
    expect(year.method).toEqual({ wattsPerCore: 3.5, pue: 1.3, kgCo2PerKwh: 0.06, since: '2025-04-24' });
  });

  it('offers the contract years from the first analysis to the current one, and shows the current one by default', async () => {
    const tz = 'Europe/Paris';
    await insert('demo-ic-prod', new Date().toISOString(), 10);
    const current = contractYearOn('2023-03-15', todayIn(tz)).year;
    const now = await orgaConsumption('admin', `tz=${tz}`);
    expect(now.contractYear.year).toBe(current);
    expect(now.years[0]).toBe(current);
    expect(now.years.at(-1)).toBe(2024);
    expect(now.years).toHaveLength(current - 2024 + 1);
    expect(now.quota.used).toBeGreaterThanOrEqual(1);
  });

  it('shows members only the projects they may see; the others are counted together', async () => {
    const member = await orgaConsumption('member', 'year=2025&tz=Europe/Paris');
    expect(member.quota.used).toBe(6);
    expect(member.projects).toEqual([
      expect.objectContaining({ projectId: 'demo-nlu', analyses: 2 }),
      expect.objectContaining({ projectId: null, name: null, analyses: 4 }),
    ]);
  });

  it('is refused to external guests, cockpit-only members, light users and callers outside the organisation', async () => {
    expect((await get('guest', '/organisation/demo/consumption')).statusCode).toBe(403);
    // §6: cockpit is "dashboard only"; the viewer holds cockpit on every project.
    expect((await get('viewer', '/organisation/demo/consumption')).json()).toMatchObject({ code: 'forbidden' });
    expect((await get('light', '/organisation/demo/consumption')).json()).toMatchObject({ code: 'lightUserRefused' });
    expect((await get('admin', '/organisation/nope/consumption')).statusCode).toBe(404);
  });

  it('refuses an unknown time zone with a clear message', async () => {
    const response = await get('admin', '/organisation/demo/consumption?tz=Mars/Olympus');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalidTimeZone' });
  });
});

describe('my consumption', () => {
  it('lists the organisations whose consumption the caller reads: not as a guest nor as a cockpit-only member', async () => {
    const mine = (await get('member', '/consumption?tz=Europe/Paris')).json<OrganisationConsumption[]>();
    expect(mine.map((o) => o.organisationId)).toEqual(['demo']);
    expect((await get('guest', '/consumption')).json()).toEqual([]);
    expect((await get('viewer', '/consumption')).json()).toEqual([]);
    // SRE (operations) reads every organisation; support, member of none, reads none unless ghosting.
    const sre = (await get('sre', '/consumption')).json<OrganisationConsumption[]>();
    expect(sre.map((o) => o.organisationId)).toContain('demo');
    expect((await get('support', '/consumption')).json()).toEqual([]);
  });
});

describe('the consumption widget', () => {
  it('counts the analyses of the environment on a date and what is left of the quota of that contract year', async () => {
    const response = await get('viewer', '/environment/demo-nlu-prod/consumption?date=2025-06-10&tz=Europe/Paris');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<EnvironmentConsumption>()).toEqual({
      date: '2025-06-10',
      analyses: 2,
      organisationId: 'demo',
      contractYear: { year: 2025, start: '2025-03-15', end: '2026-03-14' },
      quota: { yearlyQuota: 10, used: 6, left: 4 },
      // Cockpit only: the widget, not the organisation's consumption page.
      canOpenOrganisation: false,
    });
    const other = (await get('viewer', '/environment/demo-ic-prod/consumption?date=2025-06-10&tz=Europe/Paris')).json<EnvironmentConsumption>();
    expect(other.analyses).toBe(0);
  });

  it('reports a negative left once the quota is exceeded, and none without a quota', async () => {
    await server.handle.db.update(organisations).set({ yearlyQuota: 4 }).where(eq(organisations.id, 'demo'));
    const over = (await get('admin', '/environment/demo-ic-prod/consumption?date=2025-04-24&tz=Europe/Paris')).json<EnvironmentConsumption>();
    expect(over.analyses).toBe(1);
    expect(over.quota).toEqual({ yearlyQuota: 4, used: 6, left: -2 });
    await server.handle.db.update(organisations).set({ yearlyQuota: null }).where(eq(organisations.id, 'demo'));
    const none = (await get('admin', '/environment/demo-ic-prod/consumption?date=2025-04-24')).json<EnvironmentConsumption>();
    expect(none.quota).toEqual({ yearlyQuota: null, used: 7, left: null });
    await server.handle.db.update(organisations).set({ yearlyQuota: 10 }).where(eq(organisations.id, 'demo'));
  });

  it('offers the organisation page to those who may read it: not to an external guest', async () => {
    const asGuest = await get('guest', '/environment/demo-ic-prod/consumption');
    expect(asGuest.statusCode).toBe(200);
    expect(asGuest.json<EnvironmentConsumption>().canOpenOrganisation).toBe(false);
    const asMember = await get('member', '/environment/demo-nlu-prod/consumption');
    expect(asMember.json<EnvironmentConsumption>().canOpenOrganisation).toBe(true);
  });

  it('hides a private environment from a cockpit viewer', async () => {
    expect((await get('viewer', '/environment/demo-ic-recette/consumption')).statusCode).toBe(404);
  });
});

describe('deleted analyses', () => {
  const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url: `/v4/console/api${url}`, headers: headers.admin, payload });

  /** An analysis of a mail typed in the console, created today through the API. */
  async function simulate(envId: string): Promise<string> {
    const response = await call('POST', `/environment/${envId}/analyses/simulated-mail`, {
      sender: 'a@example.com',
      recipient: 'b@example.com',
      subject: 'Order',
      body: 'Two boxes please.',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  const thisYear = () => orgaConsumption('admin', 'tz=UTC');
  const projectCount = (page: OrganisationConsumption, projectId: string | null) =>
    page.projects.find((p) => p.projectId === projectId)?.analyses ?? 0;
  const widgetToday = async (envId: string) =>
    (await get('admin', `/environment/${envId}/consumption?tz=UTC`)).json<EnvironmentConsumption>();

  it('keep counting on the widget and the organisation page once deleted through the API', async () => {
    const before = await thisYear();
    const widgetBefore = await widgetToday('demo-nlu-prod');
    const ids = [await simulate('demo-nlu-prod'), await simulate('demo-nlu-prod')];
    const deleted = await call('DELETE', `/environment/demo-nlu-prod/analyses/${ids[0]}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await server.handle.db.select().from(analyses).where(eq(analyses.id, ids[0]!))).toEqual([]);

    const after = await thisYear();
    expect(after.quota.used).toBe(before.quota.used + 2);
    expect(projectCount(after, 'demo-nlu')).toBe(projectCount(before, 'demo-nlu') + 2);
    const widget = await widgetToday('demo-nlu-prod');
    expect(widget.analyses).toBe(widgetBefore.analyses + 2);
    expect(widget.quota.used).toBe(widgetBefore.quota.used + 2);
  });

  it('keep counting, in their project, once their environment is deleted', async () => {
    const env = await call('POST', '/project/demo-nlu/environments', { name: 'Éphémère', visibility: 'public', source: { kind: 'scratch' } });
    expect(env.statusCode, env.body).toBe(201);
    const envId = env.json<{ id: string }>().id;
    const before = await thisYear();
    await simulate(envId);
    await simulate(envId);
    expect((await call('DELETE', `/environment/${envId}`)).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, ENVIRONMENT_DELETION_DELAY_MS + 300));
    // Gone with its analyses (the cascade), yet still counted.
    expect(await server.handle.db.select().from(environments).where(eq(environments.id, envId))).toEqual([]);
    expect(await server.handle.db.select().from(analyses).where(eq(analyses.environmentId, envId))).toEqual([]);
    const after = await thisYear();
    expect(after.quota.used).toBe(before.quota.used + 2);
    expect(projectCount(after, 'demo-nlu')).toBe(projectCount(before, 'demo-nlu') + 2);
  }, 15_000);

  it('keep counting, unnamed with the other projects, once their project is deleted', async () => {
    const project = await call('POST', '/organisation/demo/projects', { name: 'Éphémère', type: 'IC' });
    expect(project.statusCode, project.body).toBe(201);
    const projectId = project.json<{ id: string }>().id;
    const env = await call('POST', `/project/${projectId}/environments`, { name: 'Prod', visibility: 'public', source: { kind: 'scratch' } });
    const envId = env.json<{ id: string }>().id;
    await simulate(envId);
    const before = await thisYear();
    expect(projectCount(before, projectId)).toBe(1);
    expect((await call('DELETE', `/project/${projectId}`)).statusCode).toBe(204);

    const after = await thisYear();
    expect(after.quota.used).toBe(before.quota.used);
    expect(after.projects.map((p) => p.projectId)).not.toContain(projectId);
    expect(projectCount(after, null)).toBe(projectCount(before, null) + 1);
    expect(after.projects.at(-1)).toMatchObject({ projectId: null, name: null });
    expect(after.years).toEqual(before.years);
  });
});
