/**
 * The process trace: one row per step of each run. Rows are written only while the worker still holds
 * its claim (or, for the `aborted` row, once a user aborted), so a worker that lost its analysis to
 * another cannot interleave steps with it. A run writes the rows of several quick steps in one
 * statement (run.ts says when); `splitAtAbort` places an abort among rows written late.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { TraceEntry } from '../../src/contract/analyses';
import type { Database } from '../db/open';
import { rowsOf } from './claim';

export type TraceRow = Omit<TraceEntry, 'startedAt'> & { startedAt: Date };

/** What a trace write requires: the claim still held by this worker, or the analysis aborted by a user. */
export type TraceGuard = 'claim' | 'aborted';

/** The analysis as a one-row source (its `id`) while the guard holds; no row otherwise. */
export function guardedAnalysis(analysisId: string, workerId: string, guard: TraceGuard = 'claim'): SQL {
  return guard === 'claim'
    ? sql`(SELECT id FROM analyses WHERE id = ${analysisId} AND status = 'pending' AND claimed_by = ${workerId})`
    : sql`(SELECT id FROM analyses WHERE id = ${analysisId} AND status = 'aborted')`;
}

/** Writes these rows in one statement if the guard holds; returns whether they were written. */
export async function writeTraceRows(
  db: Database,
  analysisId: string,
  workerId: string,
  rows: readonly TraceRow[],
  guard: TraceGuard = 'claim',
): Promise<boolean> {
  if (rows.length === 0) throw new Error('No trace row to write.');
  const result = await db.execute(sql`
    WITH analysis AS ${guardedAnalysis(analysisId, workerId, guard)},
      written AS (${traceRowsInsert(sql`analysis`, rows)})
    SELECT id FROM analysis`);
  return rowsOf(result).length === 1;
}

/**
 * One INSERT of several trace rows, each for the analysis `source` names (a CTE of the statement, e.g.
 * the rows an UPDATE guarded by the claim returned): no row is written when the source is empty. The
 * run's end writes its last rows this way, in the statement that ends the run (run.ts `finish`).
 */
export function traceRowsInsert(source: SQL, rows: readonly TraceRow[]): SQL {
  const values = rows.map(
    (row) =>
      sql`(${randomUUID()}, ${row.run}::integer, ${row.step}::integer, ${row.module}::text, ${row.startedAt.toISOString()}::timestamptz, ${Math.round(row.durationMs)}::integer, ${row.outcome}::trace_outcome, ${row.message}::text)`,
  );
  return sql`
    INSERT INTO analysis_trace (id, analysis_id, run, step, module, started_at, duration_ms, outcome, message)
    SELECT t.id, src.id, t.run, t.step, t.module, t.started_at, t.duration_ms, t.outcome, t.message
    FROM ${source} AS src, (VALUES ${sql.join(values, sql`, `)}) AS t (id, run, step, module, started_at, duration_ms, outcome, message)`;
}

/**
 * Rows not written yet when the run learns of an abort, placed by the abort's time (the analysis's
 * `finished_at`, set by the abort): the steps that ended before it are `done` and keep their rows; the
 * step that was running then is `during` (its row becomes the `aborted` row); the rest started after
 * it and are left out. `during` is null when every row ended before the abort (it came between two
 * steps). Clocks of two processes may differ a little: at worst a step next to the abort's time is
 * named instead of its neighbour.
 */
export function splitAtAbort(rows: readonly TraceRow[], abortedAt: Date): { done: TraceRow[]; during: TraceRow | null } {
  const cut = rows.findIndex((row) => row.startedAt.getTime() + row.durationMs > abortedAt.getTime());
  return cut === -1 ? { done: [...rows], during: null } : { done: rows.slice(0, cut), during: rows[cut]! };
}
