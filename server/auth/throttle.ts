/**
 * Attempt counters in the database (table `throttles`), shared by every server process. Each check
 * RESERVES an attempt in one INSERT … ON CONFLICT DO UPDATE … WHERE statement before the work it
 * guards (a password check, a mail): PostgreSQL serialises concurrent upserts of one key on its row,
 * so 200 concurrent attempts cannot all read "99 so far" and all go ahead.
 *
 * Two kinds of key:
 * - window: at most `limit` attempts per fixed window (the per-address cap);
 * - backoff: `free` failures in a row, then each further attempt must wait twice as long as the
 *   previous one (1 s, 2 s, 4 s … capped), reset by a success or by a quiet window.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { throttles } from '../db/schema';

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface WindowRule {
  limit: number;
  windowMs: number;
}

export interface BackoffRule {
  /** Failures allowed in a row before any delay. */
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this long without an attempt, the count starts again. */
  quietMs: number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Reserves one attempt of a fixed-window key; refused when the window already holds `limit`. */
export async function reserveWindow(db: Database, key: string, rule: WindowRule, now = new Date()): Promise<Reservation> {
  const at = now.toISOString();
  const windowOpen = new Date(now.getTime() - rule.windowMs).toISOString();
  const expired = sql`${throttles.windowStart} <= ${windowOpen}::timestamptz`;
  const [reserved] = await db
    .insert(throttles)
    .values({ key, attempts: 1, windowStart: now, updatedAt: now })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        attempts: sql`CASE WHEN ${expired} THEN 1 ELSE ${throttles.attempts} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${at}::timestamptz ELSE ${throttles.windowStart} END`,
        updatedAt: now,
      },
      setWhere: sql`${expired} OR ${throttles.attempts} < ${rule.limit}`,
    })
    .returning({ attempts: throttles.attempts });
  if (reserved !== undefined) return { allowed: true };
  const [row] = await db.select({ windowStart: throttles.windowStart }).from(throttles).where(eq(throttles.key, key));
  const reopensAt = (row?.windowStart.getTime() ?? now.getTime()) + rule.windowMs;
  return { allowed: false, retryAfterSeconds: seconds(reopensAt - now.getTime()) };
}

/**
 * Reserves one attempt of a backoff key, counted as a failure until `clearKey` says it succeeded;
 * refused while the key waits out its delay.
 */
export async function reserveBackoff(db: Database, key: string, rule: BackoffRule, now = new Date()): Promise<Reservation> {
  const at = now.toISOString();
  const quiet = sql`${throttles.updatedAt} <= ${new Date(now.getTime() - rule.quietMs).toISOString()}::timestamptz`;
  const failures = sql`(CASE WHEN ${quiet} THEN 1 ELSE ${throttles.attempts} + 1 END)`;
  // Delay after the n-th failure in a row: none up to `free`, then base · 2^(n - free - 1), capped.
  const delaySeconds = sql`least(${rule.maxDelayMs / 1000}::float8, ${rule.baseDelayMs / 1000}::float8 * power(2::float8, ${failures} - ${rule.free + 1}))`;
  const [reserved] = await db
    .insert(throttles)
    .values({ key, attempts: 1, windowStart: now, updatedAt: now })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        attempts: failures,
        blockedUntil: sql`CASE WHEN ${failures} > ${rule.free} THEN ${at}::timestamptz + make_interval(secs => ${delaySeconds}) ELSE NULL END`,
        updatedAt: now,
      },
      setWhere: sql`${throttles.blockedUntil} IS NULL OR ${throttles.blockedUntil} <= ${at}::timestamptz`,
    })
    .returning({ attempts: throttles.attempts });
  if (reserved !== undefined) return { allowed: true };
  const [row] = await db.select({ blockedUntil: throttles.blockedUntil }).from(throttles).where(eq(throttles.key, key));
  return { allowed: false, retryAfterSeconds: seconds((row?.blockedUntil?.getTime() ?? now.getTime()) - now.getTime()) };
}

/** Gives back an attempt reserved on a window key that turned out not to count (the work never ran). */
export async function releaseWindow(db: Database, key: string): Promise<void> {
  await db
    .update(throttles)
    .set({ attempts: sql`greatest(${throttles.attempts} - 1, 0)` })
    .where(eq(throttles.key, key));
}

/** Forgets a key: a backoff key after a success. */
export async function clearKey(db: Database, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}
