/**
 * Claiming work from the database so several server processes on one PostgreSQL share it (§4),
 * fairly between organisations.
 *
 * A worker takes a `waiting` analysis, or a `pending` one whose lease ran out because its worker died.
 * Which one:
 * 1. the organisation: among those with claimable work and fewer runs in progress than the
 *    per-organisation cap, the one with the fewest runs in progress, then the one served longest ago
 *    (`queue_turns`), then the one whose oldest claimable analysis is oldest. One tenant's backlog thus
 *    takes turns with the others instead of going first, and never holds more than the cap of workers;
 * 2. within it, priority environments first, then the oldest. `priority` only orders an
 *    organisation's own work: it cannot jump another organisation's queue.
 * The row is taken with `FOR UPDATE … SKIP LOCKED`, so two workers never take the same analysis.
 * Claims themselves take turns on a transaction-scoped advisory lock (a few milliseconds each): the
 * counts of runs in progress must include the claim another process committed an instant before, or
 * two workers could both take an organisation's last free slot.
 *
 * The statement lives in the database, as the function `postroom_claim_analysis`
 * (server/db/migrations/0034_claim-by-environment.sql, after 0033): a function's plans are made once
 * per session, and planning this statement cost more than running it. It reads the oldest waiting
 * analysis of each environment and the runs in progress, not the whole backlog, so a claim costs about
 * the same with 100 or 20 000 analyses waiting. A change to the choice is a new migration.
 *
 * The lease is renewed while the run goes on; every write of a run is guarded by
 * `claimed_by = me AND status = 'pending'`, so a worker that lost its claim (aborted by a user, or too
 * slow and re-claimed) writes nothing more.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { analyses } from '../db/schema';
import type { AnalysisMetadata, AnalysisStatus } from '../../src/contract/analyses';
import type { InputType } from '../../src/contract/uploads';
import type { Database } from '../db/open';
import { settingsAt } from '../environments/settings-cache';

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
  /** The environment's stored settings, as of the claim (server/environments/settings-cache.ts). */
  settings: unknown;
  /** The environment row's version (`xmin`) those settings are from. */
  settingsVersion: string;
  /** The next free trace step of this run (a run taken over continues the numbering). */
  nextStep: number;
}

type Row = Record<string, unknown>;

const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Concurrent runs of one organisation when nothing else is said (POSTROOM_MAX_RUNS_PER_ORGANISATION). */
export const DEFAULT_MAX_RUNS_PER_ORGANISATION = 4;

/** Arbitrary constant naming the claim's advisory lock (the migration lock is another one). */
const CLAIM_LOCK_KEY = 727_347_002;

export async function claimNextAnalysis(
  db: Database,
  workerId: string,
  leaseMs: number,
  maxRunsPerOrganisation: number = DEFAULT_MAX_RUNS_PER_ORGANISATION,
): Promise<ClaimedAnalysis | null> {
  // One statement: the function (migration 0034) takes the advisory lock, then chooses and claims in
  // statements of its own, with plans its session keeps; the lock goes with this statement's commit.
  const result = await db.execute(
    sql`SELECT * FROM postroom_claim_analysis(${workerId}::text, ${Math.round(leaseMs)}::integer, ${maxRunsPerOrganisation}::integer, ${CLAIM_LOCK_KEY}::integer)`,
  );
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
    settingsVersion: String(row.settings_version ?? ''),
    // Read again only when the environment row changed since this process last read it.
    settings: await settingsAt(db, String(row.environment_id), String(row.settings_version ?? '')),
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

/** Where the analysis stands, read when a write guarded by the claim was refused. */
export type ClaimState = { state: 'mine' | 'lost' } | { state: 'aborted'; abortedAt: Date };

export async function claimState(db: Database, analysisId: string, workerId: string): Promise<ClaimState> {
  const result = await db.execute(sql`SELECT status, claimed_by, (extract(epoch FROM finished_at) * 1000)::float8 AS finished_ms FROM analyses WHERE id = ${analysisId}`);
  const row = rowsOf(result)[0];
  if (row === undefined) return { state: 'lost' };
  // The abort sets finished_at (server/analyses/actions.ts); a row aborted otherwise counts as aborted now.
  if (row.status === 'aborted') return { state: 'aborted', abortedAt: row.finished_ms === null ? new Date() : new Date(Number(row.finished_ms)) };
  return { state: row.status === 'pending' && row.claimed_by === workerId ? 'mine' : 'lost' };
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
