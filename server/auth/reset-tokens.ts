/**
 * Password reset links (forgotten password, and the expired-password 410): 32 random bytes sent to
 * the user, only their hash stored (crypto/token-hash.ts), valid one hour, spent on first use. A new
 * link makes the user's older unused ones invalid: only the last mail sent works.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/open';
import { hashToken } from '../crypto/token-hash';
import { passwordResetTokens } from '../db/schema';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;


export async function createResetToken(db: Database, userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
    });
  });
  return token;
}

const usable = (token: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/** The user a still-usable token belongs to, or null. */
export async function findResetToken(db: Database, token: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usable(token, now));
  return row?.userId ?? null;
}

/**
 * Marks the token used and returns its user, or null if it was not usable. One UPDATE … RETURNING,
 * so two concurrent resets with the same link cannot both succeed.
 */
export async function spendResetToken(db: Database, token: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usable(token, now))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}
