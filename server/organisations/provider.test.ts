/**
 * The SRE creates an organisation with its first administrator: the organisation with
 * its contract start date and quota, the invitation mail, and on acceptance an organisation admin
 * who administers it; the creation is audited under the new organisation; nobody but the SRE may.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation } from '../../src/contract/organisations';
import type { ProviderOrganisation } from '../../src/contract/provider-organisations';
import { auditLogs, organisations } from '../db/schema';
import { readOutbox, waitForMail } from '../test-support/outbox';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['sre', 'support', 'admin']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
}, 60_000);
afterAll(() => server.close());

const URL = '/v4/console/api/admin/organisations';
const administrator = (username: string) => ({ firstname: 'Inès', lastname: 'Martin', username, email: `${username}@client.test`, position: 'DSI' });
const create = (user: string, payload: object) => server.app.inject({ method: 'POST', url: URL, headers: headers[user], payload });

describe('organisation creation by the SRE', () => {
  it('creates the organisation, invites its first administrator, who becomes its admin on accepting', async () => {
    const response = await create('sre', { name: 'Assurances du Nord', contractStartDate: '2026-04-01', yearlyQuota: 50_000, administrator: administrator('ines') });
    expect(response.statusCode, response.body).toBe(201);
    const { organisation, invitation } = response.json<{ organisation: ProviderOrganisation; invitation: { status: string; username: string } }>();
    expect(organisation).toMatchObject({ name: 'Assurances du Nord', contractStartDate: '2026-04-01', yearlyQuota: 50_000, members: 0, pendingInvitations: 1 });
    expect(invitation).toMatchObject({ status: 'pending', username: 'ines' });

    const listed = (await server.app.inject({ method: 'GET', url: URL, headers: headers.sre })).json<ProviderOrganisation[]>();
    expect(listed.map((o) => o.name)).toEqual(expect.arrayContaining(['Assurances du Nord', 'Démo']));

    const mail = await waitForMail(server.outboxDir, (m) => m.to === 'ines@client.test');
    expect(mail.subject).toBe('Invitation à rejoindre Assurances du Nord sur Postroom');
    const token = /\/invitation\/([\w-]+)/.exec(mail.text)?.[1];
    const accepted = await server.app.inject({ method: 'POST', url: `/v4/console/api/invitation/${token}`, payload: { accept: true, password: 'Un-mot-de-passe-1' } });
    expect(accepted.json()).toEqual({ status: 'accepted' });

    const ines = { authorization: `Bearer ${await signIn(server.app, 'ines', 'Un-mot-de-passe-1')}` };
    const me = await server.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: ines });
    expect(me.json()).toMatchObject({ username: 'ines', role: 'ROLE_ORGANISATION_ADMIN' });
    const own = await server.app.inject({ method: 'GET', url: `/v4/console/api/organisation/${organisation.id}`, headers: ines });
    expect(own.json<Organisation>()).toMatchObject({ name: 'Assurances du Nord', isAdmin: true });
    // As its admin, she may invite the next members.
    const next = await server.app.inject({
      method: 'POST',
      url: `/v4/console/api/organisation/${organisation.id}/invitations`,
      headers: ines,
      payload: { firstname: 'Luc', lastname: 'Petit', username: 'luc-nord', email: 'luc@client.test' },
    });
    expect(next.statusCode).toBe(201);

    const [entry] = await server.handle.db.select().from(auditLogs).where(eq(auditLogs.action, 'organisations.create'));
    expect(entry).toMatchObject({ actorUsername: 'sre', organisationId: organisation.id, targetType: 'organisation', targetId: organisation.id });
  });

  it('starts the contract year on 1 January when no date is given, and allows no quota', async () => {
    const response = await create('sre', { name: 'Sans quota', yearlyQuota: null, administrator: administrator('sans-quota') });
    expect(response.statusCode, response.body).toBe(201);
    const { organisation } = response.json<{ organisation: ProviderOrganisation }>();
    expect(organisation.contractStartDate).toBe(`${new Date().getFullYear()}-01-01`);
    expect(organisation.yearlyQuota).toBeNull();
  });

  it('refuses an administrator whose username or email is taken, creating nothing', async () => {
    const before = (await server.handle.db.select().from(organisations)).length;
    const mails = (await readOutbox(server.outboxDir)).length;
    const taken = await create('sre', { name: 'Doublon', yearlyQuota: 10, administrator: { ...administrator('viewer'), email: 'someone@client.test' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'userExists' });
    const invalid = await create('sre', { name: ' ', yearlyQuota: -1, administrator: administrator('x') });
    expect(invalid.statusCode).toBe(400);
    expect((await server.handle.db.select().from(organisations)).length).toBe(before);
    expect((await readOutbox(server.outboxDir)).length).toBe(mails);
  });

  it('is for the SRE only', async () => {
    for (const user of ['support', 'admin']) {
      expect((await create(user, { name: 'Pirate', yearlyQuota: 1, administrator: administrator(`pirate-${user}`) })).statusCode).toBe(403);
      expect((await server.app.inject({ method: 'GET', url: URL, headers: headers[user] })).statusCode).toBe(403);
    }
    expect((await server.handle.db.select().from(organisations).where(eq(organisations.name, 'Pirate'))).length).toBe(0);
  });
});
