/**
 * The self-service monthly quota (spec §9): a light user may create the organisation's
 * `selfServiceMonthlyQuota` analyses per calendar month (UTC), counted across all their use cases —
 * every environment of their self-service projects. Counted in the usage ledger like the yearly
 * quota (consumption/count.ts), so deleting an analysis or a use case gives nothing back.
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { SelfServiceQuota } from '../../src/contract/self-service';
import type { Database } from '../db/open';
import { analysisUsage, environments, organisations, selfServiceProjects } from '../db/schema';
import { HttpError } from '../http-error';

/** The calendar month (UTC) holding `now`: its first instant and the next month's. */
export function monthOf(now: Date): { start: Date; next: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, next };
}

/** The user's quota this month in `organisationId`. */
export async function selfServiceQuota(db: Database, userId: string, organisationId: string, now: Date): Promise<SelfServiceQuota> {
  const [orga] = await db
    .select({ monthlyQuota: organisations.selfServiceMonthlyQuota })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const monthlyQuota = orga?.monthlyQuota ?? 0;
  const { start, next } = monthOf(now);
  const owned = db
    .select({ projectId: selfServiceProjects.projectId })
    .from(selfServiceProjects)
    .where(and(eq(selfServiceProjects.userId, userId), eq(selfServiceProjects.organisationId, organisationId)));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(analysisUsage)
    .where(
      and(
        eq(analysisUsage.organisationId, organisationId),
        inArray(analysisUsage.projectId, owned),
        gte(analysisUsage.createdAt, start),
        lt(analysisUsage.createdAt, next),
      ),
    );
  const used = row?.n ?? 0;
  return { monthlyQuota, used, left: Math.max(0, monthlyQuota - used), renewsOn: next.toISOString().slice(0, 10) };
}

/**
 * Refuses a new analysis in a self-service environment whose owner has used the month's quota;
 * environments of other projects pass untouched. Called inside the transaction that stores the
 * analysis (analyses/create.ts), so every way in — console, programs, connectors — is counted; it
 * must be called there (`db` a transaction): the lock it takes lasts until that transaction ends.
 */
export async function assertSelfServiceQuota(db: Database, environmentId: string, now: Date): Promise<void> {
  const [owner] = await db
    .select({ userId: selfServiceProjects.userId, organisationId: selfServiceProjects.organisationId })
    .from(environments)
    .innerJoin(selfServiceProjects, eq(selfServiceProjects.projectId, environments.projectId))
    .where(eq(environments.id, environmentId));
  if (owner === undefined) return;
  // Count-then-insert must not interleave: two uploads with one analysis left would both see it
  // (read committed). A transaction-scoped lock per user serialises them until the caller's
  // transaction ends, on PostgreSQL as on PGlite (which runs one transaction at a time anyway).
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`self-quota:${owner.userId}`}))`);
  const quota = await selfServiceQuota(db, owner.userId, owner.organisationId, now);
  if (quota.left > 0) return;
  throw new HttpError(429, {
    message: `The month's ${quota.monthlyQuota} self-service analyses are used; the quota renews on ${quota.renewsOn}`,
    code: 'selfServiceQuotaReached',
    renewsOn: quota.renewsOn,
    monthlyQuota: quota.monthlyQuota,
  });
}
