/**
 * Claiming work from the database so several server processes on one PostgreSQL share it (§4, issue 6).
 *
 * A worker takes the oldest `waiting` analysis (priority environments first), or a `pending` one whose
 * lease ran out because its worker died, with `FOR UPDATE … SKIP LOCKED`: two workers never take the
 * same row, and neither waits for the other. The lease is renewed while the run goes on; every write
 * of a run is guarded by `claimed_by = me AND status = 'pending'`, so a worker that lost its claim
 * (aborted by a user, or too slow and re-claimed) writes nothing more.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { analyses } from '../db/schema';
import type { AnalysisMetadata, AnalysisStatus } from '../../src/contract/analyses';
import type { InputType } from '../../src/contract/uploads';
import type { Database } from '../db/open';

export interface ClaimedAnalysis {
  id: string;
  environmentId: string;
  name: string;
  inputType: InputType;
  metadata: AnalysisMetadata;
  manualFinalStatus: boolean;
  run: number;
  /** How many times the current run was claimed, this claim included. */
  claims: number;
  createdAt: Date;
  /** `waiting` for a fresh run; `pending` when taken over from a worker whose lease ran out. */
  previousStatus: AnalysisStatus;
  previousWorker: string | null;
  /** The environment's stored settings, read with the claim (one round trip less per analysis). */
  settings: unknown;
  /** The next free trace step of this run (a run taken over continues the numbering). */
  nextStep: number;
}

type Row = Record<string, unknown>;

const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

export async function claimNextAnalysis(db: Database, workerId: string, leaseMs: number): Promise<ClaimedAnalysis | null> {
  const result = await db.execute(sql`
    UPDATE analyses AS a SET
      status = 'pending',
      claimed_by = ${workerId},
      lease_expires_at = now() + ${leaseMs} * interval '1 millisecond',
      claims = CASE WHEN a.status = 'waiting' THEN 1 ELSE a.claims + 1 END,
      started_at = CASE WHEN a.status = 'waiting' THEN now() ELSE a.started_at END,
      finished_at = NULL,
      awaiting_final_status = false
    FROM (
      SELECT q.id, q.status AS previous_status, q.claimed_by AS previous_worker
      FROM analyses q JOIN environments e ON e.id = q.environment_id
      WHERE q.status = 'waiting'
         OR (q.status = 'pending' AND NOT q.awaiting_final_status AND q.lease_expires_at < now())
      ORDER BY e.priority DESC, q.created_at, q.id
      LIMIT 1
      FOR UPDATE OF q SKIP LOCKED
    ) AS next
    WHERE a.id = next.id
    RETURNING a.id, a.environment_id, a.name, a.input_type, a.metadata, a.manual_final_status, a.run, a.claims,
      a.created_at, next.previous_status, next.previous_worker,
      (SELECT settings FROM environments e WHERE e.id = a.environment_id) AS settings,
      (SELECT coalesce(max(t.step) + 1, 0) FROM analysis_trace t WHERE t.analysis_id = a.id AND t.run = a.run) AS next_step`);
  const row = rowsOf(result)[0];
  if (row === undefined) return null;
  return {
    id: String(row.id),
    environmentId: String(row.environment_id),
    name: String(row.name),
    inputType: row.input_type as InputType,
    metadata: (typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata) as AnalysisMetadata,
    manualFinalStatus: Boolean(row.manual_final_status),
    run: Number(row.run),
    claims: Number(row.claims),
    createdAt: new Date(row.created_at as string),
    previousStatus: row.previous_status as AnalysisStatus,
    previousWorker: (row.previous_worker as string | null) ?? null,
    settings: typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings,
    nextStep: Number(row.next_step ?? 0),
  };
}

/** Extends the lease; false when the claim is gone (aborted, deleted, or taken over). */
export async function renewLease(db: Database, analysisId: string, workerId: string, leaseMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE analyses SET lease_expires_at = now() + ${leaseMs} * interval '1 millisecond'
    WHERE id = ${analysisId} AND claimed_by = ${workerId} AND status = 'pending'
    RETURNING id`);
  return rowsOf(result).length === 1;
}

/** Where the analysis stands, read between steps. */
export async function claimState(
  db: Database,
  analysisId: string,
  workerId: string,
): Promise<'mine' | 'aborted' | 'lost'> {
  const result = await db.execute(sql`SELECT status, claimed_by FROM analyses WHERE id = ${analysisId}`);
  const row = rowsOf(result)[0];
  if (row === undefined) return 'lost';
  if (row.status === 'aborted') return 'aborted';
  return row.status === 'pending' && row.claimed_by === workerId ? 'mine' : 'lost';
}

/** Gives a claim back on shutdown so another worker takes it at once instead of after the lease. */
export async function releaseClaim(db: Database, analysisId: string, workerId: string): Promise<void> {
  await db.execute(sql`
    UPDATE analyses SET status = 'waiting', claimed_by = NULL, lease_expires_at = NULL
    WHERE id = ${analysisId} AND claimed_by = ${workerId} AND status = 'pending' AND NOT awaiting_final_status`);
}

/**
 * Gives back every claim of these workers whose run did not reach its next step in time on
 * shutdown: the run still going on in this process then writes nothing more (its writes are guarded
 * by the claim), and another worker takes the analysis at once. Returns the analyses given back.
 */
export async function releaseClaimsOf(db: Database, workerIds: readonly string[]): Promise<string[]> {
  if (workerIds.length === 0) return [];
  const released = await db
    .update(analyses)
    .set({ status: 'waiting', claimedBy: null, leaseExpiresAt: null })
    .where(and(inArray(analyses.claimedBy, [...workerIds]), eq(analyses.status, 'pending'), eq(analyses.awaitingFinalStatus, false)))
    .returning({ id: analyses.id });
  return released.map((row) => row.id);
}

export { rowsOf };
