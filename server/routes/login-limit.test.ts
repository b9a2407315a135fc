// PostgreSQL pass: concurrent upserts of the sign-in counters.
/**
 * Attacks on sign-in: password guessing in parallel, locking an owner out from another
 * address, and telling unknown usernames by the time the answer takes. The scrypt work is counted
 * (hashingStats), not timed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressKey, ADDRESS_RULE, pairKey, PAIR_RULE } from '../auth/login-limit';
import { hashingStats } from '../auth/passwords';
import { throttles, users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed-data';
import { createTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  // An account that signs in only through SSO: no password hash at all.
  await server.handle.db.insert(users).values({
    id: 'sso-only',
    username: 'sso-only',
    email: 'sso-only@example.test',
    firstname: 'S',
    lastname: 'O',
    passwordHash: null,
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.handle.db.delete(throttles);
});

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

const login = (username: string, password: string, remoteAddress = ATTACKER) =>
  server.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password }, remoteAddress });

async function countingDerivations<T>(work: () => Promise<T>): Promise<{ result: T; derivations: number }> {
  const before = hashingStats.derivations;
  const result = await work();
  return { result, derivations: hashingStats.derivations - before };
}

describe('parallel guessing', () => {
  it('checks at most the free attempts of 200 concurrent wrong passwords on one account', async () => {
    const started = Date.now();
    const { result, derivations } = await countingDerivations(() =>
      Promise.all(Array.from({ length: 200 }, (_, i) => login('viewer', `guess-${i}`))),
    );
    const elapsedSeconds = (Date.now() - started) / 1000;
    const codes = result.map((response) => response.statusCode);
    // Reserved before the check: PAIR_RULE.free free failures and the one that starts the delay,
    // plus one per delay (1 s, 2 s, 4 s …) that a slow machine may see run out during the burst.
    const delaysElapsed = Math.floor(Math.log2(elapsedSeconds + 1));
    expect(derivations).toBeLessThanOrEqual(PAIR_RULE.free + 1 + delaysElapsed);
    expect(codes.filter((code) => code === 401).length).toBe(derivations);
    expect(codes.filter((code) => code === 429).length).toBe(200 - derivations);
    const limited = result.find((response) => response.statusCode === 429)!;
    expect(limited.json()).toMatchObject({ code: 'tooManyAttempts', retryAfter: expect.any(Number) });
    expect(Number(limited.headers['retry-after'])).toBe(limited.json<{ retryAfter: number }>().retryAfter);
  });

  it('counts at most the address cap of concurrent guesses spread over many accounts', async () => {
    // Ten checks left in this hour for the address; 60 guesses on 60 usernames arrive together.
    await server.handle.db
      .insert(throttles)
      .values({ key: addressKey(ATTACKER), attempts: ADDRESS_RULE.limit - 10, windowStart: new Date(), updatedAt: new Date() });
    const { result, derivations } = await countingDerivations(() =>
      Promise.all(Array.from({ length: 60 }, (_, i) => login(`someone-${i}`, 'guess'))),
    );
    expect(derivations).toBe(10);
    expect(result.filter((response) => response.statusCode === 429)).toHaveLength(50);
  });
});

describe('lock-out resistance', () => {
  // The clock stands still, as on a fast machine: the first delay is a second, which a loaded one
  // may spend between two requests. The delays then pass only when a test moves the clock on.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('delays the attacker’s address on an account while its owner signs in from another one', async () => {
    for (let i = 0; i < PAIR_RULE.free + 1; i += 1) expect((await login('admin', 'wrong')).statusCode).toBe(401);
    const blocked = await login('admin', 'wrong');
    expect(blocked.statusCode).toBe(429);
    // Even the right password waits from the attacker's address…
    expect((await login('admin', DEMO_PASSWORD)).statusCode).toBe(429);
    // …but the owner, elsewhere, is not delayed at all.
    expect((await login('admin', DEMO_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it('keeps the owner in when the attacker’s address has used its hourly cap', async () => {
    await server.handle.db
      .insert(throttles)
      .values({ key: addressKey(ATTACKER), attempts: ADDRESS_RULE.limit, windowStart: new Date(), updatedAt: new Date() });
    const capped = await login('qualifier', DEMO_PASSWORD);
    expect(capped.statusCode).toBe(429);
    expect(capped.json<{ retryAfter: number }>().retryAfter).toBeGreaterThan(3500);
    expect((await login('qualifier', DEMO_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it('reopens the address cap after its hour', async () => {
    const hourAgo = new Date(Date.now() - ADDRESS_RULE.windowMs - 1000);
    await server.handle.db
      .insert(throttles)
      .values({ key: addressKey(ATTACKER), attempts: ADDRESS_RULE.limit, windowStart: hourAgo, updatedAt: hourAgo });
    expect((await login('qualifier', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('makes each delay longer than the one before, and a right password resets it', async () => {
    const key = pairKey('guest', ATTACKER);
    const waits: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      if (round === 0) for (let i = 0; i < PAIR_RULE.free + 1; i += 1) await login('guest', 'wrong');
      else {
        // The delay has passed: one more failure is checked, and sets the next delay.
        vi.setSystemTime(Date.now() + waits.at(-1)! * 1000);
        expect((await login('guest', 'wrong')).statusCode).toBe(401);
      }
      const refused = await login('Guest', 'wrong');
      expect(refused.statusCode).toBe(429);
      waits.push(refused.json<{ retryAfter: number }>().retryAfter);
    }
    expect(waits).toEqual([1, 2, 4]);

    vi.setSystemTime(Date.now() + waits.at(-1)! * 1000);
    expect((await login('guest', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await server.handle.db.select().from(throttles).where(eq(throttles.key, key))).toEqual([]);
  });
});

describe('timing of unknown usernames', () => {
  it.each([
    ['an unknown username', 'nobody-here', 'wrongUsername'],
    ['a known username with a wrong password', 'configurator', 'wrongPassword'],
    ['an SSO-only account (no password hash)', 'sso-only', 'wrongPassword'],
  ])('runs one scrypt derivation for %s', async (_label, username, code) => {
    const { result, derivations } = await countingDerivations(() => login(username, 'not-the-password'));
    expect(result.json()).toMatchObject({ code });
    expect(derivations).toBe(1);
  });
});
