import { describe, expect, it } from 'vitest';
import { createTokenService, TokenError } from './tokens';

const SECRET = 'a-secret-for-tokens-that-is-long-enough';
const S = { sessionId: 's1', generation: 0 };

describe('tokens', () => {
  it('round-trips the user id for each kind and refuses one kind for another', async () => {
    const tokens = createTokenService(SECRET);
    const session = await tokens.issuePair('u1', S);
    expect(await tokens.verify('access', session.token)).toBe('u1');
    expect(await tokens.verify('refresh', session.refresh_token)).toBe('u1');
    await expect(tokens.verify('access', session.refresh_token)).rejects.toThrow(TokenError);
    await expect(tokens.verify('access', await tokens.issue('refresh', 'u1', S))).rejects.toThrow('Invalid token');
    expect(await tokens.verifySession('refresh', await tokens.issue('refresh', 'u1', { sessionId: 's2', generation: 3 }))).toMatchObject(
      { userId: 'u1', sessionId: 's2', generation: 3 },
    );
  });

  it('refuses a well-signed token that names no session (it could never be ended)', async () => {
    const { SignJWT } = await import('jose');
    const legacy = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('postroom')
      .setSubject('u1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    await expect(createTokenService(SECRET).verify('access', legacy)).rejects.toThrow('Invalid token');
  });

  it('refuses tokens of another key and expired ones', async () => {
    const other = createTokenService(`${SECRET}-other`);
    await expect(createTokenService(SECRET).verify('access', await other.issue('access', 'u1', S))).rejects.toThrow(
      'Invalid token',
    );
    const shortLived = createTokenService(SECRET, { accessSeconds: -10, refreshSeconds: 1 });
    await expect(shortLived.verify('access', await shortLived.issue('access', 'u1', S))).rejects.toThrow('Token expired');
  });

  it('refuses a short secret', () => {
    expect(() => createTokenService('short')).toThrow(/at least 32 bytes/);
  });
});

describe('verified tokens', () => {
  it('still refuses a token once it expires, after it was accepted', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
      const tokens = createTokenService(SECRET, { accessSeconds: 60, refreshSeconds: 600 });
      const token = await tokens.issue('access', 'u1', S);
      expect(await tokens.verify('access', token)).toBe('u1');
      expect(await tokens.verify('access', token)).toBe('u1');
      vi.setSystemTime(new Date('2026-01-01T10:01:01Z'));
      await expect(tokens.verify('access', token)).rejects.toThrow('Token expired');
      // Accepted as one kind, a token is still refused as the other.
      await expect(tokens.verify('refresh', await tokens.issue('access', 'u2', S))).rejects.toThrow('Invalid token');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers at once only for a token already verified, of that kind and not expired', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
      const tokens = createTokenService(SECRET, { accessSeconds: 60, refreshSeconds: 600 });
      const token = await tokens.issue('access', 'u1', { sessionId: 's9', generation: 2 });
      // Never verified: the caller must go through verifySession (signature, claims).
      expect(tokens.verifiedSession('access', token)).toBeUndefined();
      await tokens.verifySession('access', token);
      expect(tokens.verifiedSession('access', token)).toMatchObject({ userId: 'u1', sessionId: 's9', generation: 2 });
      expect(tokens.verifiedSession('refresh', token)).toBeUndefined();
      expect(tokens.verifiedSession('access', `${token}x`)).toBeUndefined();
      vi.setSystemTime(new Date('2026-01-01T10:01:01Z'));
      expect(tokens.verifiedSession('access', token)).toBeUndefined();
      await expect(tokens.verifySession('access', token)).rejects.toThrow('Token expired');
    } finally {
      vi.useRealTimers();
    }
  });
});
