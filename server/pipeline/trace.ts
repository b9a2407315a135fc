/**
 * The process trace: one row per step of each run. A row is written only while the worker
 * still holds its claim (or, for the `aborted` row, once a user aborted), so a worker that lost its
 * analysis to another cannot interleave steps with it.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { TraceEntry } from '../../src/contract/analyses';
import type { Database } from '../db/open';
import { rowsOf } from './claim';

export type TraceRow = Omit<TraceEntry, 'startedAt'> & { startedAt: Date };

/**
 * Writes one trace row if the claim still holds (`guard: 'claim'`) or the analysis was aborted
 * (`guard: 'aborted'`); returns whether it was written.
 */
export async function writeTrace(
  db: Database,
  analysisId: string,
  workerId: string,
  row: TraceRow,
  guard: 'claim' | 'aborted' = 'claim',
): Promise<boolean> {
  return rowsOf(await db.execute(guardedTraceInsert(analysisId, workerId, row, guard))).length === 1;
}

/**
 * The INSERT of one trace row guarded as `writeTrace` says, returning the row's `analysis_id` when it
 * was written: a statement may read on from it (run.ts reads the files in the statement that writes
 * the claim's row).
 */
export function guardedTraceInsert(analysisId: string, workerId: string, row: TraceRow, guard: 'claim' | 'aborted' = 'claim'): SQL {
  const condition =
    guard === 'claim'
      ? sql`status = 'pending' AND claimed_by = ${workerId}`
      : sql`status = 'aborted'`;
  return sql`
    INSERT INTO analysis_trace (id, analysis_id, run, step, module, started_at, duration_ms, outcome, message)
    SELECT ${randomUUID()}, id, ${row.run}, ${row.step}, ${row.module}, ${row.startedAt.toISOString()}, ${Math.round(row.durationMs)},
      ${row.outcome}, ${row.message}
    FROM analyses WHERE id = ${analysisId} AND ${condition}
    RETURNING analysis_id`;
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
