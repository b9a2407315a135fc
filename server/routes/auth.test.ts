import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../src/contract/auth';
import { DEMO_PASSWORD } from '../db/seed-data';
import { createTestServer, signIn, TEST_JWT_SECRET, type TestServer } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const login = (username: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password } });
const currentUser = (authorization?: string) =>
  server.app.inject({
    method: 'GET',
    url: '/v4/console/api/user',
    headers: authorization === undefined ? {} : { authorization },
  });

describe('POST /api/login_check', () => {
  it('answers a token and a refresh token that load the user', async () => {
    const response = await login('admin', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; refresh_token: string }>();
    expect(body.token).toMatch(/^ey/);
    expect(body.refresh_token).toMatch(/^ey/);
    expect(body.refresh_token).not.toBe(body.token);

    const me = await currentUser(`Bearer ${body.token}`);
    expect(me.statusCode).toBe(200);
    const user = userSchema.strict().parse(me.json());
    expect(user).toMatchObject({
      username: 'admin',
      email: 'admin@demo.postroom.test',
      role: 'ROLE_ORGANISATION_ADMIN',
      isLight: false,
      organisations: [{ id: 'demo', name: 'Démo', guest: false, admin: true, contributor: true }],
    });
    // Organisation admins count as configurators on every project (spec §6).
    expect(user.projectPermissions).toEqual([
      { projectId: 'demo-ic', profile: 'configurator' },
      { projectId: 'demo-nlu', profile: 'configurator' },
    ]);
  });

  it('loads a light user as self-service', async () => {
    const me = await currentUser(`Bearer ${await signIn(server.app, 'light')}`);
    expect(me.json()).toMatchObject({ role: 'ROLE_PROJECT_SELF_SERVICE', isLight: true, organisations: [{ id: 'demo' }] });
  });

  it('says in which organisations the user contributes: not where they are cockpit only or a guest', async () => {
    const contributor = async (username: string) =>
      (await currentUser(`Bearer ${await signIn(server.app, username)}`)).json<{ organisations: { contributor: boolean }[] }>().organisations.map((o) => o.contributor);
    // The server's `contributor` rule, which opens the members, consumption, toolbox and use-case library.
    expect(await contributor('viewer')).toEqual([false]);
    expect(await contributor('guest')).toEqual([false]);
    expect(await contributor('qualifier')).toEqual([true]);
  });

  it('loads a guest with one project and provider staff with their provider role', async () => {
    const guest = (await currentUser(`Bearer ${await signIn(server.app, 'guest')}`)).json();
    expect(guest.projectPermissions).toEqual([
      { projectId: 'demo-ic', profile: 'qualifier' },
      { projectId: 'demo-nlu', profile: 'noAccess' },
    ]);
    const sre = (await currentUser(`Bearer ${await signIn(server.app, 'sre')}`)).json();
    expect(sre).toMatchObject({ role: 'ROLE_PROVIDER_SRE', projectPermissions: [] });
    const support = (await currentUser(`Bearer ${await signIn(server.app, 'support')}`)).json();
    expect(support.role).toBe('ROLE_PROVIDER_SUPPORT');
  });

  it('finds the username whatever its case', async () => {
    expect((await login('Admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('tells a wrong username from a wrong password', async () => {
    const unknown = await login('nobody', DEMO_PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Identifiant inconnu.', code: 'wrongUsername' });

    const wrong = await login('admin', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Mot de passe incorrect.', code: 'wrongPassword' });
  });

  it('answers 410 with a refresh token for an expired password, and only with the right one', async () => {
    const response = await login('expired', DEMO_PASSWORD);
    expect(response.statusCode).toBe(410);
    const body = response.json<{ message: string; refresh_token: string }>();
    expect(body.message).toBeTruthy();
    expect(body.refresh_token).toMatch(/^[\w-]{43}$/);
    // That token is for choosing a new password, not for calling the API.
    expect((await currentUser(`Bearer ${body.refresh_token}`)).statusCode).toBe(401);

    expect((await login('expired', 'wrong')).json()).toMatchObject({ code: 'wrongPassword' });
  });

  it('answers 400 with the zod issues for an invalid body, without echoing the input', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: '', password: 'secret-value' , extra: 1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; issues: { path: string[] }[] }>();
    expect(body.message).toBe('Requête invalide : certaines valeurs ne sont pas acceptées.');
    expect(body.issues.map((issue) => issue.path)).toEqual([['username']]);
    expect(response.body).not.toContain('secret-value');

    const missing = await server.app.inject({ method: 'POST', url: '/api/login_check' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues.length).toBeGreaterThan(0);
  });

  it('answers 400 with a message for malformed JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('GET /v4/console/api/user', () => {
  it('answers 401 without a token', async () => {
    const response = await currentUser();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Connectez-vous pour continuer.', code: 'unauthenticated' });
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('answers 401 for a malformed, forged or refresh token', async () => {
    expect((await currentUser('Bearer not-a-jwt')).statusCode).toBe(401);
    expect((await currentUser('Basic YWRtaW46eA==')).statusCode).toBe(401);

    const forged = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('postroom')
      .setSubject('demo-user-admin')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const response = await currentUser(`Bearer ${forged}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Votre session n'est plus valide ; reconnectez-vous.", code: 'invalidToken' });

    const session = (await login('admin', DEMO_PASSWORD)).json<{ refresh_token: string }>();
    expect((await currentUser(`Bearer ${session.refresh_token}`)).statusCode).toBe(401);
  });

  it('answers 401 for an expired token and for a user that no longer exists', async () => {
    const sign = (subject: string, expires: number) =>
      new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('postroom')
        .setSubject(subject)
        .setExpirationTime(expires)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const now = Math.floor(Date.now() / 1000);

    const expired = await currentUser(`Bearer ${await sign('demo-user-admin', now - 60)}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: "Votre session n'est plus valide ; reconnectez-vous.", code: 'invalidToken' });

    const ghost = await currentUser(`Bearer ${await sign('no-such-user', now + 60)}`);
    expect(ghost.statusCode).toBe(401);
  });
});

describe('POST /api/token/refresh', () => {
  const refresh = (refreshToken: string) =>
    server.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: refreshToken } });

  it('exchanges a refresh token for a new pair that loads the same user', async () => {
    const session = (await login('configurator', DEMO_PASSWORD)).json<{ token: string; refresh_token: string }>();
    const renewed = await refresh(session.refresh_token);
    expect(renewed.statusCode).toBe(200);
    const pair = renewed.json<{ token: string; refresh_token: string }>();
    expect(pair.token).not.toBe(session.token);
    expect((await currentUser(`Bearer ${pair.token}`)).json()).toMatchObject({ username: 'configurator' });
  });

  it('refuses an access token, a forged token, and the token of an account whose password expired', async () => {
    const session = (await login('viewer', DEMO_PASSWORD)).json<{ token: string; refresh_token: string }>();
    expect((await refresh(session.token)).json()).toMatchObject({ code: 'invalidRefreshToken' });
    expect((await refresh('forged')).statusCode).toBe(401);

    await server.handle.db.execute(sql`update users set password_expired = true where username = 'viewer'`);
    try {
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    } finally {
      await server.handle.db.execute(sql`update users set password_expired = false where username = 'viewer'`);
    }
  });
});
