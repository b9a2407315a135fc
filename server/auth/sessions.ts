/**
 * Sign-in sessions with refresh token rotation and reuse detection (OAuth 2.0 Security BCP §4.14).
 *
 * Every sign-in opens a session row; its tokens carry the session id. Each refresh moves the session
 * to the next generation in one conditional UPDATE and answers a new pair; the refresh token of the
 * previous generation is then spent. Presenting a spent one means two parties hold the same chain (a
 * stolen token, or a thief who already refreshed): the whole session ends, and with it every access
 * token issued in it (the guard refuses tokens of an ended session). Logout ends the session too.
 *
 * Grace for concurrent refreshes: the token of the generation just replaced still answers a pair of
 * the current generation for GRACE_MS after the rotation. Two tabs of one browser (or a retry after an
 * answer lost on the network) that refresh with the same token at once thus do not end their own
 * session. The console also serialises renewals across tabs (src/app/token-renewal.ts); the grace is
 * what remains for a lost answer. Past it, or for any older generation, reuse ends the session.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { ServerContext } from '../context';
import { sessions } from '../db/schema';
import { DEFAULT_LIFETIMES, type SessionTokens, type VerifiedToken } from './tokens';

export const GRACE_MS = 10_000;
const REFRESH_MS = DEFAULT_LIFETIMES.refreshSeconds * 1000;

/** Opens a session for a user who just proved who they are, and answers its first pair. */
export async function openSession(ctx: ServerContext, userId: string, now = new Date()): Promise<SessionTokens> {
  const sessionId = randomUUID();
  // Sessions past their refresh lifetime can never be used again: dropped here, at the user's sign-in.
  await ctx.db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  await ctx.db
    .insert(sessions)
    .values({ id: sessionId, userId, generation: 0, expiresAt: new Date(now.getTime() + REFRESH_MS) });
  return ctx.tokens.issuePair(userId, { sessionId, generation: 0 });
}

export type RotationOutcome = { tokens: SessionTokens } | { refused: 'ended' | 'reused' };

/** Exchanges a verified refresh token for the next pair of its session, or says why not. */
export async function rotateSession(ctx: ServerContext, token: VerifiedToken, now = new Date()): Promise<RotationOutcome> {
  const { sessionId, generation, userId } = token;
  const [advanced] = await ctx.db
    .update(sessions)
    .set({
      generation: sql`${sessions.generation} + 1`,
      rotatedAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_MS),
    })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        eq(sessions.generation, generation),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ generation: sessions.generation });
  if (advanced !== undefined) {
    return { tokens: await ctx.tokens.issuePair(userId, { sessionId, generation: advanced.generation }) };
  }
  const [current] = await ctx.db
    .select({ generation: sessions.generation, rotatedAt: sessions.rotatedAt, endedAt: sessions.endedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  if (current === undefined || current.endedAt !== null || current.expiresAt <= now) return { refused: 'ended' };
  const justReplaced =
    current.generation === generation + 1 &&
    current.rotatedAt !== null &&
    now.getTime() - current.rotatedAt.getTime() <= GRACE_MS;
  if (justReplaced) {
    return { tokens: await ctx.tokens.issuePair(userId, { sessionId, generation: current.generation }) };
  }
  await endSession(ctx, sessionId, now);
  return { refused: 'reused' };
}

/** Ends a session: its refresh token and every access token issued in it stop working. */
export async function endSession(ctx: ServerContext, sessionId: string, now = new Date()): Promise<void> {
  await ctx.db.update(sessions).set({ endedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  // The guard reads session state through the access cache: forget it now, not at the next write.
  ctx.access.invalidate();
}
