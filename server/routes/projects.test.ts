/** Organisation settings, projects and rapid navigation as users meet them (spec §5, §6, §9). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_NAME_TOO_LONG } from '../../src/contract/organisations';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['admin', 'configurator', 'viewer', 'guest']) {
    headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
  }
});
afterAll(() => server.close());

const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: headers[user], payload });

describe('organisation settings', () => {
  it('are read by members and changed by admins only', async () => {
    const read = await call('viewer', 'GET', '/organisation/demo');
    expect(read.json()).toMatchObject({ name: 'Démo', isAdmin: false, contractStartDate: expect.stringMatching(/-01-01$/) });
    const body = { name: 'Démo SA', contractStartDate: '2026-04-01', yearlyQuota: 20000 };
    expect((await call('viewer', 'PUT', '/organisation/demo', body)).statusCode).toBe(403);
    const saved = await call('admin', 'PUT', '/organisation/demo', body);
    expect(saved.json()).toMatchObject({ ...body, isAdmin: true });
  });
});

describe('projects', () => {
  it('lists what each user may see, with visible environment counts', async () => {
    const asAdmin = (await call('admin', 'GET', '/organisation/demo/projects')).json<{ id: string; environmentsCount: number }[]>();
    expect(asAdmin.find((p) => p.id === 'demo-ic')?.environmentsCount).toBe(2);
    const asViewer = (await call('viewer', 'GET', '/organisation/demo/projects')).json<{ id: string; environmentsCount: number; profile: string }[]>();
    // The hidden staging environment is not counted for a cockpit viewer.
    expect(asViewer.find((p) => p.id === 'demo-ic')).toMatchObject({ environmentsCount: 1, profile: 'cockpit' });
    const asGuest = (await call('guest', 'GET', '/organisation/demo/projects')).json<{ id: string }[]>();
    expect(asGuest.map((p) => p.id)).toEqual(['demo-ic']);
  });

  it('refuses a name over 50 characters with the §5 message, on create and rename', async () => {
    const long = 'x'.repeat(51);
    const created = await call('admin', 'POST', '/organisation/demo/projects', { name: long, type: 'IC' });
    expect(created.statusCode).toBe(400);
    expect(JSON.stringify(created.json())).toContain(PROJECT_NAME_TOO_LONG);
    const renamed = await call('admin', 'PATCH', '/project/demo-ic', { name: long });
    expect(JSON.stringify(renamed.json())).toContain(PROJECT_NAME_TOO_LONG);
    expect((await call('admin', 'POST', '/organisation/demo/projects', { name: 'y'.repeat(50), type: 'NLU' })).statusCode).toBe(201);
  });

  it('creates, renames, annotates and deletes a project, writing the audit log', async () => {
    const created = await call('admin', 'POST', '/organisation/demo/projects', { name: 'Réclamations', type: 'NLU', notes: 'v1' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect(created.json()).toMatchObject({ name: 'Réclamations', type: 'NLU', environmentsCount: 0, profile: 'configurator' });
    const renamed = await call('admin', 'PATCH', `/project/${id}`, { name: 'Réclamations clients', notes: 'v2' });
    expect(renamed.json()).toMatchObject({ name: 'Réclamations clients', notes: 'v2' });
    expect((await call('admin', 'DELETE', `/project/${id}`)).statusCode).toBe(204);
    expect((await call('admin', 'GET', `/project/${id}`)).statusCode).toBe(404);
    const logs = (await call('admin', 'GET', '/organisation/demo/audit-logs?action=projects.')).json<{ items: { action: string; targetId: string }[] }>();
    expect(logs.items.filter((e) => e.targetId === id).map((e) => e.action)).toEqual([
      'projects.delete',
      'projects.update',
      'projects.create',
    ]);
  });

  it('refuses to delete a project while it has priority environments, then allows it', async () => {
    const { id } = (await call('admin', 'POST', '/organisation/demo/projects', { name: 'Prioritaire', type: 'IC' })).json<{ id: string }>();
    const env = (await call('admin', 'POST', `/project/${id}/environments`, { name: 'Prod', source: { kind: 'scratch' } })).json<{ id: string }>();
    const settings = (await call('admin', 'GET', `/environment/${env.id}/settings`)).json<{ settings: object }>().settings;
    await call('admin', 'PUT', `/environment/${env.id}/settings`, { name: 'Prod', visibility: 'public', priority: true, settings });
    const refused = await call('admin', 'DELETE', `/project/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "Ce projet a des environnements prioritaires : retirez d'abord leur priorité.", code: 'priorityEnvironments' });
    await call('admin', 'PUT', `/environment/${env.id}/settings`, { name: 'Prod', visibility: 'public', priority: false, settings });
    expect((await call('admin', 'DELETE', `/project/${id}`)).statusCode).toBe(204);
  });

  it('lets a viewer read but not change a project', async () => {
    expect((await call('viewer', 'GET', '/project/demo-ic')).statusCode).toBe(200);
    expect((await call('viewer', 'PATCH', '/project/demo-ic', { notes: 'x' })).statusCode).toBe(403);
    expect((await call('configurator', 'PATCH', '/project/demo-ic', { notes: 'Notes du configurateur' })).statusCode).toBe(200);
  });
});

describe('rapid navigation', () => {
  it('offers the organisations, projects and environments a user may see, hidden ones excepted', async () => {
    const viewer = (await call('viewer', 'GET', '/navigation')).json<{ environments: { id: string }[]; projects: { id: string }[] }>();
    const envs = viewer.environments.map((e) => e.id);
    expect(envs).toContain('demo-ic-prod');
    expect(envs).not.toContain('demo-ic-recette');
    const admin = (await call('admin', 'GET', '/navigation')).json<{ environments: { id: string }[] }>();
    expect(admin.environments.map((e) => e.id)).toContain('demo-ic-recette');
    const guest = (await call('guest', 'GET', '/navigation')).json<{ projects: { id: string }[] }>();
    expect(guest.projects.map((p) => p.id)).toEqual(['demo-ic']);
  });
});
