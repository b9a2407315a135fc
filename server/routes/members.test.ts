/** Members, invitations (with the outbox mail), direct user creation and the audit log (spec §3, §5, §6). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../test-support/outbox';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['admin', 'configurator', 'viewer', 'sre']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
});
afterAll(() => server.close());

const call = (user: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api${url}`, headers: user ? headers[user] : {}, payload });

const form = (username: string) => ({
  firstname: 'Nina',
  lastname: 'Nouvelle',
  username,
  email: `${username}@example.test`,
  position: 'Gestionnaire',
  profiles: [{ projectId: 'demo-ic', profile: 'qualifier' }],
});

const lastMail = () => waitForMail(server.outboxDir);

describe('members', () => {
  it('lists role, admin mode, position and a profile for every project', async () => {
    const members = (await call('configurator', 'GET', '/organisation/demo/members')).json<
      { username: string; adminMode: string; profiles: { projectId: string; profile: string }[] }[]
    >();
    const viewer = members.find((m) => m.username === 'viewer');
    expect(viewer).toMatchObject({ adminMode: 'notAdmin', position: 'Superviseur', role: 'ROLE_PROJECT_VIEWER' });
    expect(viewer?.profiles).toEqual(
      expect.arrayContaining([
        { projectId: 'demo-ic', profile: 'cockpit' },
        { projectId: 'demo-nlu', profile: 'cockpit' },
      ]),
    );
    // §6: cockpit is "dashboard only"; the viewer, cockpit everywhere, does not read the list.
    expect((await call('viewer', 'GET', '/organisation/demo/members')).json()).toMatchObject({ code: 'forbidden' });
  });

  it('lets an admin change profiles, which changes what the member may do', async () => {
    const updated = await call('admin', 'PATCH', '/organisation/demo/members/demo-user-viewer', {
      profiles: [
        { projectId: 'demo-ic', profile: 'configurator' },
        { projectId: 'demo-nlu', profile: 'noAccess' },
      ],
    });
    expect(updated.json()).toMatchObject({ role: 'ROLE_PROJECT_ADMIN' });
    expect((await call('viewer', 'GET', '/environment/demo-ic-recette')).statusCode).toBe(200);
    expect((await call('viewer', 'GET', '/project/demo-nlu')).statusCode).toBe(404);
    // Back as it was, for the other tests.
    await call('admin', 'PATCH', '/organisation/demo/members/demo-user-viewer', {
      profiles: [
        { projectId: 'demo-ic', profile: 'cockpit' },
        { projectId: 'demo-nlu', profile: 'cockpit' },
      ],
    });
    expect((await call('viewer', 'GET', '/environment/demo-ic-recette')).statusCode).toBe(404);
  });

  it('refuses profile changes from non-admins and the last admin giving up their admin mode', async () => {
    expect((await call('viewer', 'PATCH', '/organisation/demo/members/demo-user-viewer', { adminMode: 'admin' })).statusCode).toBe(403);
    const self = await call('admin', 'PATCH', '/organisation/demo/members/demo-user-admin', { adminMode: 'notAdmin' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'lastAdmin' });
    const members = (await call('admin', 'GET', '/organisation/demo/members')).json<{ username: string; adminMode: string }[]>();
    expect(members.find((m) => m.username === 'admin')?.adminMode).toBe('admin');
  });

  it('lets an admin step down once another admin remains, and that one is then the last', async () => {
    const member = (who: string) => `/organisation/demo/members/demo-user-${who}`;
    expect((await call('admin', 'PATCH', member('configurator'), { adminMode: 'admin' })).statusCode).toBe(200);
    expect((await call('admin', 'PATCH', member('admin'), { adminMode: 'notAdmin' })).json()).toMatchObject({ adminMode: 'notAdmin' });
    // No longer an admin: the server closes the members' management to them.
    expect((await call('admin', 'PATCH', member('viewer'), { position: 'x' })).statusCode).toBe(403);
    const last = await call('configurator', 'PATCH', member('configurator'), { adminMode: 'notAdmin' });
    expect(last.json()).toMatchObject({ code: 'lastAdmin' });
    // Back as it was, for the other tests.
    expect((await call('configurator', 'PATCH', member('admin'), { adminMode: 'admin' })).statusCode).toBe(200);
    expect((await call('configurator', 'PATCH', member('configurator'), { adminMode: 'notAdmin' })).json()).toMatchObject({
      adminMode: 'notAdmin',
      role: 'ROLE_PROJECT_ADMIN',
    });
  });
});

describe('invitations', () => {
  it('writes the mail to the outbox; the invitee accepts from the link and can sign in', async () => {
    const created = await call('admin', 'POST', '/organisation/demo/invitations', form('nina'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'pending', email: 'nina@example.test' });
    const mail = await lastMail();
    expect(mail.to).toBe('nina@example.test');
    const token = /\/invitation\/([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();

    expect((await call(null, 'GET', `/invitation/${token}`)).json()).toMatchObject({ organisationName: expect.any(String), status: 'pending' });
    // The password rules of §5 apply here too, and a refusal leaves the invitation pending.
    const weak = await call(null, 'POST', `/invitation/${token}`, { accept: true, password: 'abcdefghijkl' });
    expect(weak.json()).toMatchObject({ code: 'invalidPassword', rules: ['noDigit', 'noUppercase', 'noSpecial'] });
    const accepted = await call(null, 'POST', `/invitation/${token}`, { accept: true, password: 'Un-mot-de-passe-1' });
    expect(accepted.json()).toEqual({ status: 'accepted' });
    const token2 = await signIn(server.app, 'nina', 'Un-mot-de-passe-1');
    const me = await server.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: { authorization: `Bearer ${token2}` } });
    expect(me.json()).toMatchObject({ username: 'nina', projectPermissions: [{ projectId: 'demo-ic', profile: 'qualifier' }] });

    expect((await call(null, 'POST', `/invitation/${token}`, { accept: false })).statusCode).toBe(409);
    const list = (await call('admin', 'GET', '/organisation/demo/invitations')).json<{ username: string; status: string }[]>();
    expect(list.find((i) => i.username === 'nina')?.status).toBe('accepted');
  });

  it('can be declined, and refuses an email already used', async () => {
    await call('admin', 'POST', '/organisation/demo/invitations', form('paul'));
    const token = /\/invitation\/([\w-]+)/.exec((await lastMail()).text)?.[1];
    expect((await call(null, 'POST', `/invitation/${token}`, { accept: false })).json()).toEqual({ status: 'declined' });
    const again = await call('admin', 'POST', '/organisation/demo/invitations', { ...form('other'), email: 'viewer@demo.postroom.test' });
    expect(again.json()).toMatchObject({ code: 'userExists' });
  });

  it('requires firstname, lastname, username and email', async () => {
    for (const field of ['firstname', 'lastname', 'username', 'email'] as const) {
      const response = await call('admin', 'POST', '/organisation/demo/invitations', { ...form('z'), [field]: '' });
      expect(response.statusCode, field).toBe(400);
    }
  });
});

describe('creating a user', () => {
  it('answers a temporary password that must be changed at first sign-in', async () => {
    const response = await call('admin', 'POST', '/organisation/demo/users', form('olga'));
    expect(response.statusCode).toBe(201);
    const { temporaryPassword } = response.json<{ temporaryPassword: string }>();
    const login = await server.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'olga', password: temporaryPassword } });
    expect(login.statusCode).toBe(410);
  });

  it('removes a member with their access', async () => {
    const response = await call('admin', 'DELETE', '/organisation/demo/members/demo-user-qualifier');
    expect(response.statusCode).toBe(204);
    const members = (await call('admin', 'GET', '/organisation/demo/members')).json<{ username: string }[]>();
    expect(members.map((m) => m.username)).not.toContain('qualifier');
  });
});

describe('the audit log', () => {
  it('records who did what, as whom, and filters by person, action and date, page by page', async () => {
    await call('sre', 'GET', '/organisation/demo/projects');
    const byPerson = (await call('admin', 'GET', '/organisation/demo/audit-logs?person=sre')).json<{
      items: { actorUsername: string; action: string }[];
      total: number;
    }>();
    expect(byPerson.items[0]).toMatchObject({ actorUsername: 'sre', action: 'projects.list' });

    const byAction = (await call('admin', 'GET', '/organisation/demo/audit-logs?action=invitations.create')).json<{ total: number }>();
    expect(byAction.total).toBe(2);
    const answers = (await call('admin', 'GET', '/organisation/demo/audit-logs?action=invitations.answer')).json<{
      items: { actorUsername: string; path: string }[];
    }>();
    expect(answers.items.map((e) => e.actorUsername).sort()).toEqual(['nina', 'paul']);
    expect(answers.items.every((e) => e.path.endsWith('/invitation/***'))).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const all = (await call('admin', 'GET', `/organisation/demo/audit-logs?from=${today}&to=${today}`)).json<{ total: number; pageSize: number }>();
    expect(all.total).toBeGreaterThan(5);
    const past = (await call('admin', 'GET', '/organisation/demo/audit-logs?to=2020-01-01')).json<{ total: number }>();
    expect(past.total).toBe(0);

    for (let i = 0; i < 25; i += 1) await call('admin', 'PATCH', '/project/demo-nlu', { notes: `n${i}` });
    const page2 = (await call('admin', 'GET', '/organisation/demo/audit-logs?page=2')).json<{ items: unknown[]; page: number; total: number }>();
    expect(page2.page).toBe(2);
    expect(page2.items.length).toBe(Math.min(25, page2.total - 25));
    expect((await call('viewer', 'GET', '/organisation/demo/audit-logs')).statusCode).toBe(403);
  });
});

describe('the audit log read as sentences', () => {
  type Entry = { action: string; method: string; calls: number; targetType: string | null; actorUsername: string; actorName: string | null; asName: string | null; names: { environment?: string; project?: string; name?: string } | null };
  const entries = async (query: string) => (await call('admin', 'GET', `/organisation/demo/audit-logs?${query}`)).json<{ items: Entry[] }>().items;

  it('stores the names the sentence needs, even for what a call deletes', async () => {
    const project = (await call('admin', 'POST', '/organisation/demo/projects', { name: 'Courrier sortant', type: 'IC', notes: null })).json<{ id: string }>();
    const env = (
      await call('admin', 'POST', `/project/${project.id}/environments`, { name: 'Production', visibility: 'public', source: { kind: 'scratch' } })
    ).json<{ id: string }>();
    expect((await call('admin', 'POST', `/environment/${env.id}/access-keys`, { name: 'Robot' })).statusCode).toBe(201);
    expect((await call('admin', 'PATCH', '/organisation/demo/members/demo-user-viewer', { position: 'Lecture' })).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/project/${project.id}`)).statusCode).toBe(204);

    const created = (await entries('action=projects.create'))[0]!;
    expect(created.names).toEqual({ name: 'Courrier sortant' });
    // The person by their first and last name, for the sentence; the username for the filter.
    expect(created).toMatchObject({ actorUsername: 'admin', actorName: 'Alice Admin', asName: null });
    expect((await entries('action=environments.create'))[0]!.names).toEqual({ project: 'Courrier sortant', name: 'Production' });
    expect((await entries('action=accessKeys.create'))[0]!.names).toEqual({ environment: 'Production', project: 'Courrier sortant', name: 'Robot' });
    expect((await entries('action=members.update'))[0]!.names).toEqual({ name: 'viewer' });
    // Gone from the database, still named in the log.
    expect((await entries('action=projects.delete'))[0]!.names).toEqual({ project: 'Courrier sortant' });
  });

  it('filters by exact username and operation, and by reading for staff calls', async () => {
    await call('sre', 'GET', '/project/demo-ic');
    const reads = await entries('action=read&person=sre');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((entry) => entry.method === 'GET' && entry.actorUsername === 'sre')).toBe(true);
    // This read follows the same person's read of the projects list: one entry counts both, and
    // names the organisation since the two read different places (server/audit.test.ts).
    expect(reads[0]).toMatchObject({ action: 'projects.get', calls: 2, targetType: 'organisation', names: null });
    // A part of a username or of an operation id is no longer a match.
    expect(await entries('person=sr')).toEqual([]);
    expect(await entries('action=projects')).toEqual([]);
  });
});

describe('resending and cancelling an invitation', () => {
  const tokenOf = (text: string) => /\/invitation\/([\w-]+)/.exec(text)?.[1];

  it('mails a new link that replaces the first, then cancels it so no link opens anything', async () => {
    const created = (await call('admin', 'POST', '/organisation/demo/invitations', form('ines'))).json<{ id: string }>();
    const first = tokenOf((await waitForMail(server.outboxDir, (mail) => mail.to === 'ines@example.test')).text);

    const resent = await call('admin', 'POST', `/organisation/demo/invitations/${created.id}/resend`);
    expect(resent.json()).toMatchObject({ id: created.id, status: 'pending' });
    const second = tokenOf((await waitForMail(server.outboxDir, (mail) => mail.to === 'ines@example.test' && tokenOf(mail.text) !== first)).text);
    expect(second).toBeDefined();
    expect((await call(null, 'GET', `/invitation/${first}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/invitation/${second}`)).json()).toMatchObject({ status: 'pending' });

    expect((await call('viewer', 'DELETE', `/organisation/demo/invitations/${created.id}`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `/organisation/demo/invitations/${created.id}`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/invitation/${second}`)).statusCode).toBe(404);
    const invitations = (await call('admin', 'GET', '/organisation/demo/invitations')).json<{ id: string }[]>();
    expect(invitations.map((i) => i.id)).not.toContain(created.id);
    expect((await call('admin', 'POST', `/organisation/demo/invitations/${created.id}/resend`)).json()).toMatchObject({ code: 'invitationNotFound' });

    const audit = (await call('admin', 'GET', '/organisation/demo/audit-logs?action=invitations.cancel')).json<{ items: { targetId: string; names: unknown }[] }>();
    // The entries name the invitee, even once the invitation is gone.
    expect(audit.items[0]).toMatchObject({ targetId: created.id, names: { name: 'ines' } });
    const resentAudit = (await call('admin', 'GET', '/organisation/demo/audit-logs?action=invitations.resend')).json<{ items: { targetId: string; names: unknown }[] }>();
    expect(resentAudit.items[0]).toMatchObject({ targetId: created.id, names: { name: 'ines' } });
  });

  it('refuses to resend or cancel an invitation already answered', async () => {
    const answered = (await call('admin', 'GET', '/organisation/demo/invitations')).json<{ id: string; status: string }[]>().find((i) => i.status !== 'pending');
    expect(answered).toBeDefined();
    expect((await call('admin', 'POST', `/organisation/demo/invitations/${answered!.id}/resend`)).json()).toMatchObject({ code: 'invitationAnswered' });
    expect((await call('admin', 'DELETE', `/organisation/demo/invitations/${answered!.id}`)).statusCode).toBe(409);
  });
});
