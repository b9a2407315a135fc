/**
 * The process trace: one row per step of each run. A row is written only while the worker
 * still holds its claim (or, for the `aborted` row, once a user aborted), so a worker that lost its
 * analysis to another cannot interleave steps with it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
  const condition =
    guard === 'claim'
      ? sql`status = 'pending' AND claimed_by = ${workerId}`
      : sql`status = 'aborted'`;
  const result = await db.execute(sql`
    INSERT INTO analysis_trace (id, analysis_id, run, step, module, started_at, duration_ms, outcome, message)
    SELECT ${randomUUID()}, id, ${row.run}, ${row.step}, ${row.module}, ${row.startedAt.toISOString()}, ${Math.round(row.durationMs)},
      ${row.outcome}, ${row.message}
    FROM analyses WHERE id = ${analysisId} AND ${condition}
    RETURNING id`);
  return rowsOf(result).length === 1;
}
