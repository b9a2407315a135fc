/**
 * Token renewal against the real server (in-memory PGlite): a stored access token about to expire is
 * exchanged through POST /api/token/refresh before the call leaves, and the call carries the new one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequestLayer, request } from '../api/request';
import { currentUser, loginCheck } from '../contract/auth';
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

describe('needsRenewal', () => {
  it('is due within five minutes of expiry, not before, and never for an unreadable token', async () => {
    const token = await shortLived.issue('access', 'u');
    const expiry = expiresAt(token) ?? 0;
    expect(needsRenewal(token, expiry - RENEW_BEFORE_MS - 1000)).toBe(false);
    expect(needsRenewal(token, expiry - RENEW_BEFORE_MS + 1000)).toBe(true);
    expect(needsRenewal('not-a-jwt')).toBe(false);
    expect(needsRenewal(undefined)).toBe(false);
  });
});

describe('renewal before a call', () => {
  it('renews a token about to expire once, even for calls made together, and sends the new one', async () => {
    const old = await shortLived.issue('access', demoUserId('viewer'));
    await writeEntry(storageKeys.token, old);
    await writeEntry(storageKeys.refreshToken, await shortLived.issue('refresh', demoUserId('viewer')));

    const [a, b] = await Promise.all([request(currentUser), request(currentUser)]);
    expect([a.username, b.username]).toEqual(['viewer', 'viewer']);
    expect(calls.filter((call) => call === 'POST /api/token/refresh')).toHaveLength(1);
    const renewed = readEntry<string>(storageKeys.token);
    expect(renewed).not.toBe(old);
    expect(needsRenewal(renewed ?? undefined)).toBe(false);
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
      await writeEntry(storageKeys.token, await shortLived.issue('access', demoUserId('viewer')));
      await writeEntry(storageKeys.refreshToken, await shortLived.issue('refresh', demoUserId('viewer')));
      await renewTokenIfDue();
      expect(calls).toEqual([]);
    } finally {
      vi.stubGlobal('navigator', { onLine: true });
    }
  });

  it('keeps the old token when the refresh token is refused, so the 401 path signs the user out', async () => {
    const old = await shortLived.issue('access', demoUserId('viewer'));
    await writeEntry(storageKeys.token, old);
    await writeEntry(storageKeys.refreshToken, 'revoked');
    await request(currentUser);
    expect(calls).toEqual(['POST /api/token/refresh', 'GET /v4/console/api/user']);
    expect(readEntry(storageKeys.token)).toBe(old);
  });
});
