/**
 * The sign-in failure limit (issue 3): at most 100 failures an hour per account and per client
 * address; past that, sign-in answers 429 "try again later" without checking the password, so a
 * guessing run stops being useful. Counted in the database so every server process sees one count.
 */
import { randomUUID } from 'node:crypto';
import { and, count, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/open';
import { loginFailures } from '../db/schema';

export const LOGIN_FAILURE_LIMIT = 100;
export const LOGIN_FAILURE_WINDOW_MS = 60 * 60 * 1000;

export const accountKey = (username: string): string => `account:${username.trim().toLowerCase()}`;
export const addressKey = (ip: string): string => `ip:${ip}`;

export async function isLoginLimited(db: Database, keys: string[], now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const counts = await db
    .select({ key: loginFailures.key, failures: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  return counts.some(({ failures }) => failures >= LOGIN_FAILURE_LIMIT);
}

export async function recordLoginFailure(db: Database, keys: string[], now = new Date()): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ id: randomUUID(), key, at: now })));
  // Rows past the window count for nothing; dropping them here keeps the table at one hour of failures.
  await db
    .delete(loginFailures)
    .where(and(inArray(loginFailures.key, keys), lt(loginFailures.at, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS))));
}
