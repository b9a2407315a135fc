/**
 * Rolls closed hours up into dashboard_hours (schema-dashboard.ts). Each run recounts the hours from
 * the last hour it rolled (again: an analysis that ended in its last second may have committed just
 * after) up to the current hour, in one transaction. Several server processes may run it: a
 * transaction-scoped advisory lock lets one roll while the others skip (they read the same
 * figures live meanwhile), so no hour is counted twice.
 *
 * The dashboard calls it before reading (cheap when an hour or two are due), and the server runs it
 * every few minutes (startDashboardRollup) so opening a dashboard rarely waits for it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { startPeriodicJob, type PeriodicJob } from '../periodic-job';
import { rowsOf } from '../pipeline/claim';
import { dashboardRollup } from '../db/schema-dashboard';
import { hourlyFigures } from './hourly-figures';

/** Arbitrary constant naming the rollup's advisory lock (the claim and migration locks are others). */
const ROLLUP_LOCK_KEY = 727_347_018;
const HOUR_MS = 3_600_000;

export const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** Hours before this are in dashboard_hours; null before the first rollup. */
export async function rolledUntil(db: Database): Promise<Date | null> {
  const [row] = await db.select().from(dashboardRollup).where(eq(dashboardRollup.id, 1));
  return row?.rolledUntil ?? null;
}

/** Rolls hours up to the current one; false when another process holds the lock (nothing done). */
export async function rollUp(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = rowsOf(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${ROLLUP_LOCK_KEY}) AS locked`))[0]?.locked;
    if (locked !== true) return false;
    const until = floorHour(now);
    const [state] = await tx.select().from(dashboardRollup).where(eq(dashboardRollup.id, 1));
    let from: Date;
    if (state !== undefined) {
      from = new Date(state.rolledUntil.getTime() - HOUR_MS);
    } else {
      // First run: from the oldest analysis on record (the ledger keeps deleted ones too).
      const first = rowsOf(
        await tx.execute(sql`SELECT least((SELECT min(created_at) FROM analysis_usage), (SELECT min(finished_at) FROM analyses)) AS first`),
      )[0]?.first;
      from = first === null || first === undefined ? until : floorHour(new Date(first as string));
    }
    if (from < until) {
      await tx.execute(sql`DELETE FROM dashboard_hours WHERE hour >= ${from.toISOString()}::timestamptz AND hour < ${until.toISOString()}::timestamptz`);
      // One row per environment and hour: { metric: { key: count } }.
      await tx.execute(sql`
        INSERT INTO dashboard_hours (environment_id, hour, figures)
        SELECT environment_id, hour, jsonb_object_agg(metric, keys) FROM (
          SELECT environment_id, hour, metric, jsonb_object_agg(key, count) AS keys FROM (${hourlyFigures(from, until)}) f GROUP BY 1, 2, 3
        ) m GROUP BY 1, 2`);
    }
    await tx
      .insert(dashboardRollup)
      .values({ id: 1, rolledUntil: until })
      .onConflictDoUpdate({ target: dashboardRollup.id, set: { rolledUntil: until } });
    return true;
  });
}

/** Every `everyMs`, rolls the closed hours up until the job is stopped. */
export function startDashboardRollup(db: Database, onError: (error: unknown) => void, everyMs = 5 * 60_000): PeriodicJob {
  return startPeriodicJob(() => rollUp(db), everyMs, onError);
}
