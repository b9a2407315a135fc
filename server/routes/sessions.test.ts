// PostgreSQL pass: refresh-token rotation racing between connections.
/**
 * Attacks on sessions: a refresh token used twice, a stolen one used by someone else, and
 * tokens of a session that logged out. Rotation must spend the old token, reuse must end the whole
 * session family (its refresh chain and its access tokens), logout must end the session server-side.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRACE_MS } from '../auth/sessions';
import { sessions } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed-data';
import { createTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

interface Pair {
  token: string;
  refresh_token: string;
}

async function login(username = 'configurator'): Promise<Pair> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/login_check',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Pair>();
}

const refresh = (refreshToken: string, remoteAddress = '127.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: refreshToken }, remoteAddress });
const me = (token: string) =>
  server.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: { authorization: `Bearer ${token}` } });
const logout = (token: string) =>
  server.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } });

/** Moves the last rotation of every session back in time, past the grace for concurrent refreshes. */
async function pastGrace(): Promise<void> {
  await server.handle.db.update(sessions).set({ rotatedAt: new Date(Date.now() - GRACE_MS - 1000) });
}

async function rotate(pair: Pair): Promise<Pair> {
  const response = await refresh(pair.refresh_token);
  expect(response.statusCode).toBe(200);
  return response.json<Pair>();
}

describe('refresh token rotation', () => {
  it('answers a new pair each time and spends the old refresh token', async () => {
    const first = await login();
    const second = await rotate(first);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.token)).statusCode).toBe(200);
    const third = await rotate(second);
    expect((await me(third.token)).statusCode).toBe(200);
    await pastGrace();
    // The first one, two generations back, is spent.
    expect((await refresh(first.refresh_token)).json()).toMatchObject({ code: 'invalidRefreshToken' });
  });

  it.each([
    ['the same client', '127.0.0.1'],
    ['another client', '203.0.113.9'],
  ])('ends the whole family when a spent token comes back from %s', async (_label, address) => {
    const victim = await login();
    const renewed = await rotate(victim);
    await pastGrace();

    const replay = await refresh(victim.refresh_token, address);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'invalidRefreshToken' });
    // Everything issued in that session stops: the current refresh token and every access token.
    expect((await refresh(renewed.refresh_token)).statusCode).toBe(401);
    expect((await me(renewed.token)).statusCode).toBe(401);
    expect((await me(victim.token)).statusCode).toBe(401);
    // Another session of the same user is not touched.
    const other = await login();
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('ends the family when the thief refreshed first and the owner comes back with the spent token', async () => {
    const stolen = await login();
    const thief = await rotate(stolen);
    await pastGrace();
    expect((await refresh(stolen.refresh_token)).statusCode).toBe(401);
    expect((await me(thief.token)).statusCode).toBe(401);
    expect((await refresh(thief.refresh_token)).statusCode).toBe(401);
  });

  it('lets two tabs refresh with the same token at once without ending their own session', async () => {
    const shared = await login();
    const answers = await Promise.all([refresh(shared.refresh_token), refresh(shared.refresh_token), refresh(shared.refresh_token)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const pairs = answers.map((answer) => answer.json<Pair>());
    for (const pair of pairs) expect((await me(pair.token)).statusCode).toBe(200);
    // All three hold the one current generation: any of them moves the session on.
    const next = await rotate(pairs[2]!);
    expect((await me(next.token)).statusCode).toBe(200);
  });

  it('does not give the grace to a token older than the one just replaced', async () => {
    const first = await login();
    const second = await rotate(first);
    await rotate(second);
    // Within the grace period, but two generations back: reuse.
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session: its access token and refresh token stop working, rotated ones too', async () => {
    const signedIn = await login('viewer');
    const rotated = await rotate(signedIn);
    const other = await login('viewer');

    const answer = await logout(rotated.token);
    expect(answer.statusCode).toBe(204);
    expect((await me(rotated.token)).statusCode).toBe(401);
    expect((await me(signedIn.token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    // Only that session: the same user's other browser stays signed in.
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await logout(rotated.token)).statusCode).toBe(401);
  });

  it('is refused without a token and records the end in the database', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
    const pair = await login('qualifier');
    await logout(pair.token);
    const rows = await server.handle.db.select({ endedAt: sessions.endedAt }).from(sessions).where(eq(sessions.userId, 'demo-user-qualifier'));
    expect(rows.some((row) => row.endedAt !== null)).toBe(true);
  });
});
