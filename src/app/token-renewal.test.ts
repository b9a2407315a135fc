/**
 * Token renewal against the real server (in-memory PGlite): a stored access token about to expire is
 * exchanged through POST /api/token/refresh before the call leaves, and the call carries the new one.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../api/request';
import { configureRequestLayer } from '../api/request-layer';
import { currentUser, loginCheck, refreshSession } from '../contract/auth';
import { createTokenService } from '../../server/auth/tokens';
import { demoUserId, DEMO_PASSWORD } from '../../server/db/seed-data';
import { createTestServer, TEST_JWT_SECRET, type TestServer } from '../../server/test-support/test-server';
import { clearEntries, loadStore, readEntry, storageKeys, writeEntry } from '../storage';
import { expiresAt, needsRenewal, renewTokenIfDue, RENEW_BEFORE_MS } from './token-renewal';

let server: TestServer;
let calls: string[];

beforeAll(async () => {
  // The server needs Node's environment; of the browser, renewal only reads navigator.onLine.
  vi.stubGlobal('navigator', { onLine: true });
  server = await createTestServer();
  // Observe what leaves (the real fetch still does the work).
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    return realFetch(input, init);
  };
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  await loadStore();
  configureRequestLayer({
    baseUrl: address,
    getCredentials: () => ({ token: readEntry<string>(storageKeys.token) }),
    beforeAuthenticatedCall: renewTokenIfDue,
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  calls = [];
  await clearEntries();
});

const shortLived = createTokenService(TEST_JWT_SECRET, { accessSeconds: 60, refreshSeconds: 3600 });

/** A real session of that user on the server, and a pair of it whose access token is about to expire. */
async function dueSession(username = 'viewer') {
  const pair = await request(loginCheck, { body: { username, password: DEMO_PASSWORD } });
  const session = { sessionId: String(decodeJwt(pair.token).sid), generation: 0 };
  calls = [];
  return {
    token: await shortLived.issue('access', demoUserId(username), session),
    refreshToken: await shortLived.issue('refresh', demoUserId(username), session),
  };
}
const NO_SESSION = { sessionId: 'none', generation: 0 };

describe('needsRenewal', () => {
  it('is due within five minutes of expiry, not before, and never for an unreadable token', async () => {
    const token = await shortLived.issue('access', 'u', NO_SESSION);
    const expiry = expiresAt(token) ?? 0;
    expect(needsRenewal(token, expiry - RENEW_BEFORE_MS - 1000)).toBe(false);
    expect(needsRenewal(token, expiry - RENEW_BEFORE_MS + 1000)).toBe(true);
    expect(needsRenewal('not-a-jwt')).toBe(false);
    expect(needsRenewal(undefined)).toBe(false);
  });
});

describe('renewal before a call', () => {
  it('renews a token about to expire once, even for calls made together, and sends the new one', async () => {
    const { token: old, refreshToken } = await dueSession();
    await writeEntry(storageKeys.token, old);
    await writeEntry(storageKeys.refreshToken, refreshToken);

    const [a, b] = await Promise.all([request(currentUser), request(currentUser)]);
    expect([a.username, b.username]).toEqual(['viewer', 'viewer']);
    expect(calls.filter((call) => call === 'POST /api/token/refresh')).toHaveLength(1);
    const renewed = readEntry<string>(storageKeys.token);
    expect(renewed).not.toBe(old);
    expect(needsRenewal(renewed ?? undefined)).toBe(false);
    // The rotated refresh token is kept: the one sent is spent on the server.
    const rotated = readEntry<string>(storageKeys.refreshToken);
    expect(rotated).not.toBe(refreshToken);
    expect(decodeJwt(rotated!).gen).toBe(1);
  });

  it('takes the tokens another tab renewed meanwhile instead of sending a spent refresh token', async () => {
    // This tab's memory holds a due pair; another tab has already renewed it and written IndexedDB.
    const stale = await dueSession();
    const fresh = await request(refreshSession, { body: { refresh_token: stale.refreshToken } });
    calls = [];
    await writeEntry(storageKeys.token, stale.token);
    await writeEntry(storageKeys.refreshToken, stale.refreshToken);
    // The other tab writes IndexedDB; this tab's memory is not told.
    const { db } = await import('../storage/db');
    await db.entries.bulkPut([
      { key: storageKeys.token, value: fresh.token, updatedAt: Date.now() },
      { key: storageKeys.refreshToken, value: fresh.refresh_token, updatedAt: Date.now() },
    ]);
    expect(readEntry(storageKeys.refreshToken)).toBe(stale.refreshToken);
    // Web Locks, as a browser gives them to every tab (one holder at a time).
    let held = Promise.resolve();
    const locks = {
      request: (_name: string, run: () => Promise<void>) => {
        const turn = held.then(run);
        held = turn.catch(() => undefined);
        return turn;
      },
    };
    vi.stubGlobal('navigator', { onLine: true, locks });
    try {
      await request(currentUser);
    } finally {
      vi.stubGlobal('navigator', { onLine: true });
    }
    expect(calls).toEqual(['GET /v4/console/api/user']);
    expect(readEntry(storageKeys.token)).toBe(fresh.token);
    expect(readEntry(storageKeys.refreshToken)).toBe(fresh.refresh_token);
  });

  it('leaves a fresh token alone and never renews around public calls', async () => {
    const session = await request(loginCheck, { body: { username: 'admin', password: DEMO_PASSWORD } });
    await writeEntry(storageKeys.token, session.token);
    await writeEntry(storageKeys.refreshToken, session.refresh_token);
    await request(currentUser);
    expect(calls).toEqual(['POST /api/login_check', 'GET /v4/console/api/user']);
  });

  it('does not try while offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      await writeEntry(storageKeys.token, await shortLived.issue('access', demoUserId('viewer'), NO_SESSION));
      await writeEntry(storageKeys.refreshToken, await shortLived.issue('refresh', demoUserId('viewer'), NO_SESSION));
      await renewTokenIfDue();
      expect(calls).toEqual([]);
    } finally {
      vi.stubGlobal('navigator', { onLine: true });
    }
  });

  it('keeps the old token when the refresh token is refused, so the 401 path signs the user out', async () => {
    const { token: old } = await dueSession();
    await writeEntry(storageKeys.token, old);
    await writeEntry(storageKeys.refreshToken, 'revoked');
    await request(currentUser);
    expect(calls).toEqual(['POST /api/token/refresh', 'GET /v4/console/api/user']);
    expect(readEntry(storageKeys.token)).toBe(old);
  });
});
