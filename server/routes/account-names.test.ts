/**
 * Attack: an account named after another account's email (or with another account's
 * username as its email), so that whoever looks users up "by username or email" finds the wrong one.
 * Refused case-insensitively wherever accounts are created: direct creation, invitation, acceptance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await signIn(server.app, 'admin');
  // An existing account whose username looks like an email.
  await server.handle.db.insert(users).values({
    id: 'mail-like',
    username: 'boss@corp.test',
    email: 'boss-real@corp.test',
    firstname: 'B',
    lastname: 'O',
  });
});
afterAll(() => server.close());

const form = (username: string, email: string) => ({
  firstname: 'Eve',
  lastname: 'Intruder',
  username,
  email,
  position: null,
  profiles: [],
});
const post = (path: string, body: object, token: string | null = admin) =>
  server.app.inject({
    method: 'POST',
    url: `/v4/console/api${path}`,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    payload: body,
  });

describe.each([
  ['direct user creation', '/organisation/demo/users'],
  ['an invitation', '/organisation/demo/invitations'],
])('%s', (_label, path) => {
  it.each([
    ['a username that is another account’s email', 'viewer@demo.postroom.test', 'eve1@example.test'],
    ['the same in other letter case', 'VIEWER@Demo.Postroom.test', 'eve2@example.test'],
    ['an email that is another account’s username', 'eve3', 'Boss@Corp.test'],
  ])('refuses %s', async (_case, username, email) => {
    const response = await post(path, form(username, email));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'usernameEmailClash' });
  });

  it('still says userExists for a taken username or email', async () => {
    expect((await post(path, form('viewer', 'eve4@example.test'))).json()).toMatchObject({ code: 'userExists' });
    expect((await post(path, form('eve5', 'Viewer@demo.postroom.test'))).json()).toMatchObject({ code: 'userExists' });
  });
});

describe('accepting an invitation', () => {
  it('is refused when another account has taken the name crosswise since it was sent', async () => {
    const sent = await post('/organisation/demo/invitations', form('late@corp.test', 'late-real@corp.test'));
    expect(sent.statusCode).toBe(201);
    const { readOutbox } = await import('../test-support/outbox');
    const mail = (await readOutbox(server.outboxDir)).find((m) => m.to === 'late-real@corp.test');
    const token = /\/invitation\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    // Meanwhile someone got the invitation's username as their email.
    await server.handle.db.insert(users).values({ id: 'late', username: 'late-other', email: 'Late@corp.test', firstname: 'L', lastname: 'O' });
    const accepted = await post(`/invitation/${token}`, { accept: true, password: 'Un-mot-de-passe-1' }, null);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toMatchObject({ code: 'usernameEmailClash' });
  });
});
