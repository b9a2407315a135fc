/**
 * Exactly one server process runs a given test run, even with several processes on one PostgreSQL:
 * a process claims a run with a conditional UPDATE (queued or running, and unclaimed, its own, or
 * with a lease that ran out) — PostgreSQL re-checks the condition on the row a concurrent UPDATE just
 * committed, so of two processes claiming at once exactly one gets the row back. The owner renews
 * the lease after each message (in the message's transaction, renewLease); a process that died stops
 * renewing, and once the lease ran out another process's sweep (test-runner.ts) claims the run and
 * goes on with its pending messages. A process that stops cleanly releases its runs at once.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { testingRuns } from '../db/schema-testing-runs';

type Executor = Pick<Database, 'update'>;

/** The claim on `runId` for `worker` until now + `leaseMs`; false when another live process holds it. */
export async function claimRun(db: Database, runId: string, worker: string, leaseMs: number): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(testingRuns)
    .set({ claimedBy: worker, leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(testingRuns.id, runId),
        inArray(testingRuns.status, ['queued', 'running']),
        or(isNull(testingRuns.claimedBy), eq(testingRuns.claimedBy, worker), isNull(testingRuns.leaseUntil), lt(testingRuns.leaseUntil, now)),
      ),
    )
    .returning({ id: testingRuns.id });
  return rows.length === 1;
}

/** Extends the lease; false when the run is no longer this worker's (another took it over). */
export async function renewLease(db: Executor, runId: string, worker: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(testingRuns)
    .set({ leaseUntil: new Date(Date.now() + leaseMs) })
    .where(and(eq(testingRuns.id, runId), eq(testingRuns.claimedBy, worker)))
    .returning({ id: testingRuns.id });
  return rows.length === 1;
}

/** Gives the run back (clean stop): another process may take it over without waiting for the lease. */
export async function releaseRun(db: Database, runId: string, worker: string): Promise<void> {
  await db
    .update(testingRuns)
    .set({ claimedBy: null, leaseUntil: null })
    .where(and(eq(testingRuns.id, runId), eq(testingRuns.claimedBy, worker)));
}

/** Unfinished runs nobody holds (never claimed, released, or with a lease that ran out), oldest first. */
export async function claimableRuns(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: testingRuns.id })
    .from(testingRuns)
    .where(and(inArray(testingRuns.status, ['queued', 'running']), or(isNull(testingRuns.leaseUntil), lt(testingRuns.leaseUntil, sql`now()`))))
    .orderBy(testingRuns.createdAt);
  return rows.map((row) => row.id);
}
