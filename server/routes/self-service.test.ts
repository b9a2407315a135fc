// PostgreSQL pass: the self-service quota under an advisory lock.
/**
 * The self-service area: a light user's project created on first use case, use cases made
 * from the use-case library by the same code as environments.create, the monthly quota counted across
 * all the user's use cases and enforced when an analysis is created, and who may reach what.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SelfServiceOverview, SelfServiceUseCase } from '../../src/contract/self-service';
import { organisations, projectPermissions, projects } from '../db/schema';
import { multipart } from '../test-support/multipart';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import type { Member } from '../../src/contract/members';
import type { Organisation } from '../../src/contract/organisations';
import { ENVIRONMENT_DELETION_DELAY_MS } from './environments';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};
const USERS = ['admin', 'configurator', 'viewer', 'light', 'sre'] as const;
type User = (typeof USERS)[number];

beforeAll(async () => {
  server = await createTestServer();
  for (const user of USERS) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
}, 60_000);
afterAll(() => server.close());

const call = (user: User, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: headers[user], ...(payload === undefined ? {} : { payload }) });

async function overview(user: User = 'light'): Promise<SelfServiceOverview> {
  const response = await call(user, 'GET', '/self');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SelfServiceOverview>();
}

async function createUseCase(name: string, template = 'insurance:meeting'): Promise<SelfServiceUseCase> {
  const response = await call('light', 'POST', '/self/use-cases', { name, source: { kind: 'template', template } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SelfServiceUseCase>();
}

/** A mail sent through the upload dialog's endpoint (the one the self-service screens call). */
async function mail(user: User, envId: string, subject = 'Rendez-vous', language?: string) {
  const eml = ['From: client@example.com', 'To: agence@example.com', `Subject: ${subject}`, '', 'Bonjour, je voudrais un rendez-vous.', ''].join('\r\n');
  const body = await multipart({ file: { name: 'rendez-vous.eml', content: eml, type: 'message/rfc822' } });
  return server.app.inject({ method: 'POST', url: `/v4/console/api/environment/${envId}/analyses`, headers: { ...headers[user], ...body.headers, ...(language === undefined ? {} : { 'accept-language': language }) }, payload: body.payload });
}

function firstOfNextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

describe('self-service', () => {
  it('is for light users only', async () => {
    for (const user of ['admin', 'viewer', 'sre'] as const) {
      const response = await call(user, 'GET', '/self');
      expect(response.statusCode).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('selfServiceLightUsersOnly');
      expect((await call(user, 'POST', '/self/use-cases', { name: 'X', source: { kind: 'template', template: 'insurance:meeting' } })).statusCode).toBe(403);
    }
  });

  it('welcomes a new light user with the whole month quota and no use case yet', async () => {
    const home = await overview();
    expect(home).toMatchObject({ firstname: 'Léa', organisationId: 'demo', projectId: null, useCases: [] });
    expect(home.quota).toEqual({ monthlyQuota: 100, used: 0, left: 100, renewsOn: firstOfNextMonth() });
  });

  it('creates a use case from the library in a project of its own, configured like environments.create would', async () => {
    const useCase = await createUseCase('Mes rendez-vous');
    const home = await overview();
    expect(home.projectId).not.toBeNull();
    expect(home.useCases.map((u) => u.name)).toEqual(['Mes rendez-vous']);
    expect(home.useCases[0]).toMatchObject({ id: useCase.id, analysesThisMonth: 0, lastActivityAt: null });

    // The project is the user's, in their organisation, with the qualifier profile on it only.
    const [project] = await server.handle.db.select().from(projects).where(eq(projects.id, home.projectId!));
    expect(project).toMatchObject({ organisationId: 'demo', name: 'Libre-service · Léa Libre-service' });
    const grants = await server.handle.db.select().from(projectPermissions).where(eq(projectPermissions.userId, 'demo-user-light'));
    expect(grants).toEqual([expect.objectContaining({ projectId: home.projectId, profile: 'qualifier' })]);

    // Same template through the full console: same configuration.
    const full = await call('configurator', 'POST', '/project/demo-ic/environments', { name: 'Rendez-vous (console)', source: { kind: 'template', template: 'insurance:meeting' } });
    expect(full.statusCode, full.body).toBe(201);
    const settingsOf = async (user: User, envId: string) => {
      const response = await call(user, 'GET', `/environment/${envId}/settings`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ settings: { categories: unknown[]; modules: { type: string }[] } }>().settings;
    };
    const mine = await settingsOf('admin', useCase.id);
    const theirs = await settingsOf('admin', full.json<{ id: string }>().id);
    expect(mine.categories.length).toBeGreaterThan(0);
    expect(mine.categories).toEqual(theirs.categories);
    expect(mine.modules.map((m) => m.type)).toEqual(theirs.modules.map((m) => m.type));
    expect((await call('admin', 'DELETE', `/environment/${full.json<{ id: string }>().id}`)).statusCode).toBe(202);
  });

  it('lets full-console users open a light user use case only with their usual rights', async () => {
    const { projectId, useCases: [useCase] } = await overview();
    // Organisation admins are configurators everywhere; a viewer without a grant does not see it exists.
    expect((await call('admin', 'GET', `/environment/${useCase!.id}`)).statusCode).toBe(200);
    expect((await call('viewer', 'GET', `/environment/${useCase!.id}`)).statusCode).toBe(404);
    expect((await call('configurator', 'GET', `/environment/${useCase!.id}`)).statusCode).toBe(404);
    // The light user reaches their use case's analyses, but nothing of the full console's projects.
    expect((await call('light', 'GET', `/environment/${useCase!.id}/analyses`)).statusCode).toBe(200);
    expect((await call('light', 'GET', '/environment/demo-ic-prod/analyses')).statusCode).toBe(404);
    // The full console's endpoints refuse them, on their own project too.
    for (const [method, url, payload] of [
      ['GET', '/project/demo-ic/environments'],
      ['GET', '/organisation/demo/members'],
      ['GET', '/organisation/demo/projects'],
      ['PUT', `/environment/${useCase!.id}/settings`, { name: 'x', visibility: 'public', priority: true, settings: {} }],
      ['DELETE', `/environment/${useCase!.id}`],
      // The qualifier profile they hold on their project opens no testing center for them.
      ['GET', `/project/${projectId}/testing-center/messages`],
    ] as const) {
      const refused = await call('light', method, url, payload);
      expect([refused.statusCode, refused.json<{ code: string }>().code], `${method} ${url}`).toEqual([403, 'lightUserRefused']);
    }
    // Another environment is not one of their use cases, whatever its id.
    expect((await call('light', 'PUT', '/self/use-cases/demo-ic-prod', { name: 'Volé', languages: ['fr'], retention: '1m' })).statusCode).toBe(404);
    expect((await call('light', 'DELETE', '/self/use-cases/demo-ic-prod')).statusCode).toBe(404);
  });

  it('lets a full-console member open it once an admin gives them a profile on the light user project', async () => {
    const { projectId, useCases } = await overview();
    const useCase = useCases[0]!;
    const viewer = (await call('admin', 'GET', '/organisation/demo/members')).json<Member[]>().find((member) => member.username === 'viewer')!;
    const profiles = viewer.profiles.map((grant) => (grant.projectId === projectId ? { ...grant, profile: 'cockpit' as const } : grant));
    expect(profiles).toContainEqual({ projectId, profile: 'cockpit' });
    const granted = await call('admin', 'PATCH', `/organisation/demo/members/${viewer.userId}`, { profiles });
    expect(granted.statusCode, granted.body).toBe(200);

    // The cockpit profile (§6, dashboard only): the use case and its dashboard; not its mail nor its configuration.
    expect((await call('viewer', 'GET', `/environment/${useCase.id}`)).statusCode).toBe(200);
    expect((await call('viewer', 'GET', `/environment/${useCase.id}/dashboard?from=2026-01-01&to=2026-01-07&bucket=day`)).statusCode).toBe(200);
    expect((await call('viewer', 'GET', `/environment/${useCase.id}/analyses`)).statusCode).toBe(403);
    expect((await call('viewer', 'GET', `/project/${projectId}/environments`)).json<{ id: string }[]>().map((env) => env.id)).toContain(useCase.id);
    expect((await call('viewer', 'PUT', `/environment/${useCase.id}/settings`, { name: 'x', visibility: 'public', priority: true, settings: {} })).statusCode).toBe(403);
    // A member without a grant still does not see it exists; the self-service endpoints stay the light user's.
    expect((await call('configurator', 'GET', `/environment/${useCase.id}`)).statusCode).toBe(404);
    expect((await call('viewer', 'PUT', `/self/use-cases/${useCase.id}`, { name: 'Pris', languages: ['fr'], retention: '1m' })).statusCode).toBe(403);
  });

  it('renames a use case and changes its languages and retention, refusing a name already used', async () => {
    const other = await createUseCase('Devis', 'retail:quotes-and-orders');
    const response = await call('light', 'PUT', `/self/use-cases/${other.id}`, { name: 'Devis et commandes', languages: ['fr', 'gb'], retention: '6m' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SelfServiceUseCase>()).toMatchObject({ name: 'Devis et commandes', languages: ['fr', 'gb'], retention: '6m' });
    const clash = await call('light', 'PUT', `/self/use-cases/${other.id}`, { name: 'Mes rendez-vous', languages: ['fr'], retention: '6m' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ code: string }>().code).toBe('environmentNameTaken');
    const names = (await overview()).useCases.map((u) => u.name).sort();
    expect(names).toEqual(['Devis et commandes', 'Mes rendez-vous']);
  });

  it('counts the month quota across all use cases and refuses analyses past it, saying when it renews', async () => {
    await server.handle.db.update(organisations).set({ selfServiceMonthlyQuota: 3 }).where(eq(organisations.id, 'demo'));
    const [a, b] = (await overview()).useCases;
    expect((await mail('light', a!.id)).statusCode).toBe(201);
    expect((await mail('light', a!.id)).statusCode).toBe(201);
    // Analyses of the full console's projects count for the organisation, not for the light user.
    expect((await mail('admin', 'demo-ic-prod')).statusCode).toBe(201);
    expect((await mail('light', b!.id)).statusCode).toBe(201);

    const home = await overview();
    expect(home.quota).toMatchObject({ monthlyQuota: 3, used: 3, left: 0 });
    const counts = Object.fromEntries(home.useCases.map((u) => [u.id, u.analysesThisMonth]));
    expect(counts).toEqual({ [a!.id]: 2, [b!.id]: 1 });
    expect(home.useCases.every((u) => u.lastActivityAt !== null)).toBe(true);

    // Programs read the message: the day it renews as a date of their language (French by default).
    const [year, month, day] = firstOfNextMonth().split('-');
    for (const id of [a!.id, b!.id]) {
      const refused = await mail('light', id);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'selfServiceQuotaReached',
        renewsOn: firstOfNextMonth(),
        message: `Vous avez atteint le nombre d'analyses de ce mois. Il repart de zéro le ${day}/${month}/${year!.slice(2)}.`,
      });
    }
    const inEnglish = await mail('light', a!.id, 'Rendez-vous', 'en');
    expect(inEnglish.json()).toMatchObject({ message: `You have used this month's analyses. The count starts again on ${month}/${day}/${year!.slice(2)}.` });
    // Even an organisation admin cannot add an analysis to the light user's use case past the quota...
    expect((await mail('admin', a!.id)).statusCode).toBe(429);
    // ...while the full console's environments are not limited by it.
    expect((await mail('admin', 'demo-ic-prod')).statusCode).toBe(201);
    expect((await overview()).quota.used).toBe(3);

    // An organisation admin raises the setting in the organisation settings (nobody else may), and
    // analyses are let in again.
    const orga = (await call('admin', 'GET', '/organisation/demo')).json<Organisation>();
    expect(orga.selfServiceMonthlyQuota).toBe(3);
    const raise = { name: orga.name, contractStartDate: orga.contractStartDate, yearlyQuota: orga.yearlyQuota, selfServiceMonthlyQuota: 4 };
    expect([403, 404]).toContain((await call('light', 'PUT', '/organisation/demo', raise)).statusCode);
    const raised = await call('admin', 'PUT', '/organisation/demo', raise);
    expect(raised.json<Organisation>().selfServiceMonthlyQuota).toBe(4);
    expect((await mail('light', b!.id)).statusCode).toBe(201);
    expect((await mail('light', b!.id)).statusCode).toBe(429);
  });

  it('deletes a use case without giving its analyses back to the quota', async () => {
    const [first] = (await overview()).useCases;
    const response = await call('light', 'DELETE', `/self/use-cases/${first!.id}`);
    expect(response.statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, ENVIRONMENT_DELETION_DELAY_MS + 100));
    const home = await overview();
    expect(home.useCases.map((u) => u.id)).not.toContain(first!.id);
    expect(home.quota).toMatchObject({ monthlyQuota: 4, used: 4, left: 0 });
    expect((await call('light', 'DELETE', `/self/use-cases/${first!.id}`)).statusCode).toBe(404);
  });

  it('lets only one of several uploads sent at once take the last analysis of the month', async () => {
    const { quota, useCases } = await overview();
    await server.handle.db.update(organisations).set({ selfServiceMonthlyQuota: quota.used + 1 }).where(eq(organisations.id, 'demo'));
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => mail('light', useCases[0]!.id, `Envoi simultané ${i}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429, 429, 429]);
    expect((await overview()).quota).toMatchObject({ used: quota.used + 1, left: 0 });
  });
});
