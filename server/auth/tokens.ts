/**
 * JSON Web Tokens (HS256, jose). Two kinds, told apart by the `typ` claim so one can never stand in
 * for the other:
 * - access: about an hour, sent as `Authorization: Bearer`;
 * - refresh: thirty days, exchanged at POST /api/token/refresh for a new pair, so an installed
 *   console reconnects without a new sign-in.
 * Both carry the id of the sign-in session they belong to (`sid`), and a refresh token its place in
 * the session's rotation (`gen`): the session row decides whether they still work (sessions.ts).
 * Password reset links are not JWTs: they are random, stored and single use (reset-tokens.ts).
 */
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenKind = 'access' | 'refresh';

const ISSUER = 'postroom';
/** HS256 wants a key at least as long as its 256-bit output. */
export const MIN_SECRET_BYTES = 32;

export interface TokenLifetimes {
  accessSeconds: number;
  refreshSeconds: number;
}

export const DEFAULT_LIFETIMES: TokenLifetimes = {
  accessSeconds: 60 * 60,
  refreshSeconds: 30 * 24 * 60 * 60,
};

export interface SessionTokens {
  token: string;
  refresh_token: string;
}

/** Why a token was refused; the message goes to the client as is. */
export class TokenError extends Error {
  override readonly name = 'TokenError';
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'Token expired' : 'Invalid token');
  }
}

/** Where a token belongs: its sign-in session and, for a refresh token, its rotation generation. */
export interface TokenSession {
  sessionId: string;
  generation: number;
}

export interface TokenService {
  /** An access token and a refresh token of that session generation. */
  issuePair(userId: string, session: TokenSession): Promise<SessionTokens>;
  issue(kind: TokenKind, userId: string, session: TokenSession): Promise<string>;
  /** The user id (`sub`) of a valid token of that kind; throws TokenError otherwise. */
  verify(kind: TokenKind, token: string): Promise<string>;
  /** The same, with when the token was issued (ms) and its session, checked against the database. */
  verifySession(kind: TokenKind, token: string): Promise<VerifiedToken>;
  /**
   * What `verifySession` answers for a token whose signature was already checked and that has not
   * expired, without a promise; undefined for any other token (the caller goes through
   * `verifySession`, which says why it is refused).
   */
  verifiedSession(kind: TokenKind, token: string): VerifiedToken | undefined;
}

export interface VerifiedToken extends TokenSession {
  userId: string;
  issuedAtMs: number;
}

export function secretKey(secret: Uint8Array | string): Uint8Array {
  const key = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  if (key.byteLength < MIN_SECRET_BYTES) {
    throw new Error(`The JWT secret must be at least ${MIN_SECRET_BYTES} bytes long`);
  }
  return key;
}

/** Tokens whose signature was checked, kept until they expire; bounded against floods. */
const VERIFIED_CACHE_SIZE = 10_000;

interface Verified {
  kind: unknown;
  expiresAt: number;
  /** What callers receive, made once (frozen: every call of the token shares it). */
  session: Readonly<VerifiedToken>;
}

export function createTokenService(
  secret: Uint8Array | string,
  lifetimes: TokenLifetimes = DEFAULT_LIFETIMES,
): TokenService {
  const key = secretKey(secret);
  const seconds: Record<TokenKind, number> = {
    access: lifetimes.accessSeconds,
    refresh: lifetimes.refreshSeconds,
  };

  const issue = (kind: TokenKind, userId: string, session: TokenSession): Promise<string> =>
    // `iat` counts seconds; `iat_ms` lets a password change end every session issued before it, even
    // within the same second (users.tokensValidAfter, auth/guard.ts).
    new SignJWT({ typ: kind, iat_ms: Date.now(), sid: session.sessionId, gen: session.generation })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${seconds[kind]}s`)
      .sign(key);

  // A token is the same string on every call of a session: its signature is checked once, then the
  // result is looked up by the string until the token expires. Only the signature and claims are
  // remembered; whether the session still lives is the guard's question (sessions.ts), asked apart.
  const verified = new Map<string, Verified>();
  const remember = (token: string, entry: Verified) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      const now = Date.now();
      for (const [cached, { expiresAt }] of verified) if (expiresAt <= now) verified.delete(cached);
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    }
    verified.set(token, entry);
  };

  const check = async (token: string): Promise<Verified> => {
    const known = verified.get(token);
    if (known !== undefined) {
      if (known.expiresAt > Date.now()) return known;
      verified.delete(token);
      throw new TokenError('expired');
    }
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
    // A token without a session (issued before sessions existed) cannot be ended: refused.
    if (
      typeof payload.sub !== 'string' ||
      payload.sub === '' ||
      typeof payload.exp !== 'number' ||
      typeof payload.sid !== 'string' ||
      typeof payload.gen !== 'number'
    ) {
      throw new TokenError('invalid');
    }
    const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
    const entry: Verified = {
      kind: payload.typ,
      expiresAt: payload.exp * 1000,
      session: Object.freeze({ userId: payload.sub, issuedAtMs, sessionId: payload.sid, generation: payload.gen }),
    };
    remember(token, entry);
    return entry;
  };

  const verifiedSession = (kind: TokenKind, token: string): VerifiedToken | undefined => {
    const known = verified.get(token);
    if (known === undefined || known.kind !== kind || known.expiresAt <= Date.now()) return undefined;
    return known.session;
  };

  const verifySession = async (kind: TokenKind, token: string): Promise<VerifiedToken> => {
    try {
      const entry = await check(token);
      if (entry.kind !== kind) throw new TokenError('invalid');
      return entry.session;
    } catch (error) {
      if (error instanceof TokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new TokenError('expired');
      throw new TokenError('invalid');
    }
  };

  return {
    issue,
    verifySession,
    verifiedSession,
    verify: async (kind, token) => (await verifySession(kind, token)).userId,
    issuePair: async (userId, session) => ({
      token: await issue('access', userId, session),
      refresh_token: await issue('refresh', userId, session),
    }),
  };
}
