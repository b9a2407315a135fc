/** Sign-in, token renewal, logout and current user (spec §7.2, errors of §8). */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currentUser, loginCheck, logout, refreshSession } from '../../src/contract/auth';
import { issuedBeforeRevocation, principalOf } from '../auth/guard';
import { reserveLoginAttempt } from '../auth/login-limit';
import { verifyPassword } from '../auth/passwords';
import { createResetToken } from '../auth/reset-tokens';
import { endSession, openSession, rotateSession } from '../auth/sessions';
import { TokenError, type VerifiedToken } from '../auth/tokens';
import { loadUserView } from '../auth/user-view';
import type { ServerContext } from '../context';
import { users } from '../db/schema';
import { HttpError } from '../http-error';
import { registerEndpoint, SerializedResponse, serializedResponse } from './register';

/** What the current-user view is read from: a change to any of them forgets it. */
const USER_VIEW_FACTS = ['identities', 'organisations', 'memberships', 'projects'] as const;

function tooManyAttempts(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    { message: 'Too many failed sign-ins; try again later', code: 'tooManyAttempts', retryAfter: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, loginCheck, async ({ body, request }) => {
    // Reserved before anything is checked, in one statement per counter (auth/throttle.ts).
    const slot = await reserveLoginAttempt(ctx.db, body.username, request.ip);
    if (!slot.allowed) throw tooManyAttempts(slot.retryAfterSeconds);
    const [user] = await ctx.db
      .select({ id: users.id, passwordHash: users.passwordHash, passwordExpired: users.passwordExpired })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${body.username})`);
    // Unknown usernames run the same scrypt work (against a dummy hash) as known ones.
    const passwordRight = await verifyPassword(body.password, user?.passwordHash ?? null);
    // The spec wants the two cases told apart (§8 "wrong username, wrong password"); `code` lets
    // the console pick its translated message without parsing English.
    if (user === undefined) throw new HttpError(401, { message: 'Wrong username', code: 'wrongUsername' });
    if (!passwordRight) throw new HttpError(401, { message: 'Wrong password', code: 'wrongPassword' });
    await slot.succeeded();
    if (user.passwordExpired) {
      // Only after the right password, so the 410 never tells a stranger more than a 401 would. The
      // "refresh token" of §8 is a reset link's token: the console opens reset-password/{token}.
      throw new HttpError(410, {
        message: 'Password expired',
        code: 'passwordExpired',
        refresh_token: await createResetToken(ctx.db, user.id),
      });
    }
    return openSession(ctx, user.id);
  });

  registerEndpoint(app, ctx, refreshSession, async ({ body, request }) => {
    let verified: VerifiedToken;
    try {
      verified = await ctx.tokens.verifySession('refresh', body.refresh_token);
    } catch (error) {
      if (error instanceof TokenError) throw new HttpError(401, { message: error.message, code: 'invalidRefreshToken' });
      throw error;
    }
    const { userId } = verified;
    const [user] = await ctx.db
      .select({ passwordExpired: users.passwordExpired, tokensValidAfter: users.tokensValidAfter })
      .from(users)
      .where(sql`${users.id} = ${userId}`);
    // A deleted account, one whose password has since expired, or a session older than the last
    // password change or reset, must sign in again.
    if (user === undefined || user.passwordExpired || issuedBeforeRevocation(verified, user.tokensValidAfter)) {
      throw new HttpError(401, { message: 'Invalid token', code: 'invalidRefreshToken' });
    }
    const outcome = await rotateSession(ctx, verified);
    if ('refused' in outcome) {
      // A spent token came back: someone else holds this chain. Ids only, never the token.
      if (outcome.refused === 'reused') request.log.warn({ userId, sessionId: verified.sessionId }, 'refresh token reuse: session ended');
      throw new HttpError(401, { message: 'Session ended', code: 'invalidRefreshToken' });
    }
    return outcome.tokens;
  });

  registerEndpoint(app, ctx, logout, async ({ request, reply }) => {
    await endSession(ctx, principalOf(request).sessionId);
    reply.code(204);
  });

  registerEndpoint(app, ctx, currentUser, ({ request }) => {
    const userId = principalOf(request).userId;
    // Through the access cache (emptied by any write), checked against the contract and serialized
    // once per fill: every call of a session asks for the same body. A view at hand is answered
    // without a promise.
    const views = ctx.access.table<SerializedResponse<typeof currentUser> | null>('userView', USER_VIEW_FACTS);
    const held = views.peek(userId, viewLoader(ctx, userId));
    return held === undefined ? views.get(userId, viewLoader(ctx, userId)).then(presentView) : presentView(held.value);
  });
}

/**
 * Made by a function rather than as a named local: tsx names each named closure as it is made
 * (`__name`), a measurable cost on a call answered in microseconds.
 */
function viewLoader(ctx: ServerContext, userId: string): () => Promise<SerializedResponse<typeof currentUser> | null> {
  return async () => {
    const loaded = await loadUserView(ctx.db, userId);
    return loaded === null ? null : serializedResponse(currentUser, loaded);
  };
}

function presentView(view: SerializedResponse<typeof currentUser> | null): SerializedResponse<typeof currentUser> {
  // The guard has just seen this user; it can only vanish in a concurrent delete.
  if (view === null) throw new HttpError(401, { message: 'Invalid token', code: 'invalidToken' });
  return view;
}
