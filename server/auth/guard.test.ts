/**
 * The guard's way without a promise (authenticateAtOnce): taken once a session's token is verified
 * and its identity cached, and left the moment a logout, a password change or an ended session
 * makes the cached answer wrong, so every such change still takes effect on the next call.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed-data';
import { createTestServer, TEST_JWT_SECRET, type TestServer } from '../test-support/test-server';
import { createAccessCache } from './access-cache';
import { authenticateAtOnce } from './guard';
import { createTokenService } from './tokens';
import type { ServerContext } from '../context';

let server: TestServer;
const cache = createAccessCache({ ttlMs: 60_000 });

beforeAll(async () => {
  server = await createTestServer({ accessCache: cache });
});
afterAll(() => server.close());

interface Pair {
  token: string;
  refresh_token: string;
}

const login = async (username: string): Promise<Pair> => {
  const answer = await server.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password: DEMO_PASSWORD } });
  expect(answer.statusCode).toBe(200);
  return answer.json<Pair>();
};
const me = (token: string) => server.app.inject({ method: 'GET', url: '/v4/console/api/user', headers: { authorization: `Bearer ${token}` } });

/**
 * What authenticateAtOnce reads: the token service (the app's own is not exposed; one with the same
 * key verifies the same tokens and keeps its own verified ones) and the app's access cache.
 */
const ctx = { access: cache, tokens: createTokenService(TEST_JWT_SECRET) } as unknown as ServerContext;

describe('authenticateAtOnce', () => {
  it('answers a verified token of a cached session, and nothing before', async () => {
    const pair = await login('viewer');
    expect(authenticateAtOnce(ctx, `Bearer ${pair.token}`)).toBeUndefined();
    await ctx.tokens.verifySession('access', pair.token);
    // Token known, session not read yet: still nothing.
    cache.invalidate();
    expect(authenticateAtOnce(ctx, `Bearer ${pair.token}`)).toBeUndefined();
    expect((await me(pair.token)).statusCode).toBe(200);
    expect(authenticateAtOnce(ctx, `Bearer ${pair.token}`)).toMatchObject({ userId: 'demo-user-viewer', username: 'viewer' });
    // Acting as someone else always goes the full way (checks of the agent and the target).
    expect(authenticateAtOnce(ctx, `Bearer ${pair.token}`, 'demo-user-admin')).toBeUndefined();
    expect(() => authenticateAtOnce(ctx, undefined)).toThrow('Authentication required');
  });

  it('lets a logout end a warm session on the next call', async () => {
    const pair = await login('qualifier');
    const other = await login('qualifier');
    expect((await me(pair.token)).statusCode).toBe(200);
    expect((await me(pair.token)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(200);
    const out = await server.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${pair.token}` } });
    expect(out.statusCode).toBe(204);
    const after = await me(pair.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'sessionEnded' });
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('lets a password change end the warm sessions opened before it on the next call', async () => {
    const before = await login('configurator');
    const mine = await login('configurator');
    expect((await me(before.token)).statusCode).toBe(200);
    expect((await me(before.token)).statusCode).toBe(200);
    const NEW_PASSWORD = 'Another-password-42!';
    const changed = await server.app.inject({
      method: 'PUT',
      url: '/v4/console/api/user/password',
      headers: { authorization: `Bearer ${mine.token}` },
      payload: { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(before.token)).statusCode).toBe(401);
    expect((await me(mine.token)).statusCode).toBe(401);
  });

  it('refuses a warm session ended outside a request once the ending code invalidates the cache', async () => {
    const pair = await login('guest');
    expect((await me(pair.token)).statusCode).toBe(200);
    await server.handle.db.update(sessions).set({ endedAt: sql`now()` }).where(eq(sessions.userId, 'demo-user-guest'));
    cache.invalidate(['identities']);
    expect((await me(pair.token)).statusCode).toBe(401);
  });
});
