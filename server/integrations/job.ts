/**
 * The connectors' job, run by every server process (like the alert job and the analysis claim):
 * 1. schedule: under a transaction-scoped advisory lock, one process queues a run for each enabled,
 *    authorized connector that is due and has no run under way, and moves its cursor — so each
 *    period is fetched once across processes;
 * 2. claim: a queued run (or one whose lease ran out) is taken with FOR UPDATE SKIP LOCKED, never
 *    while another run of the same connector is under way (checked again under a per-connector
 *    advisory lock, so two processes claiming at once cannot both start one), and executed (run.ts);
 * 3. write back the finished analyses (write-back.ts).
 */
import { and, asc, eq, inArray, isNull, lt, lte, ne, notExists, notInArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { alias } from 'drizzle-orm/pg-core';
import { mailboxOf } from '../../src/contract/integrations';
import { connectorRuns, connectors } from '../db/schema-integrations';
import { startPeriodicJob } from '../periodic-job';
import { rowsOf } from '../pipeline/claim';
import type { IntegrationDeps } from './deps';
import { executeRun, type RunRow } from './run';
import { writeBackFinished } from './write-back';

/** Arbitrary constant naming the connector scheduler's advisory lock (claim, alerts and rollup have others). */
const SCHEDULE_LOCK_KEY = 727_347_021;
const RUN_LEASE_MS = 10 * 60_000;

/** Where a connector's first scheduled run starts: a mailbox's start date, else its creation (records start with the analyses after it). */
const startDateOf = (row: typeof connectors.$inferSelect) => {
  const mailbox = mailboxOf(row.settings);
  return mailbox === null ? row.createdAt : new Date(mailbox.startDate);
};

export async function scheduleDueRuns(deps: IntegrationDeps, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const locked = rowsOf(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${SCHEDULE_LOCK_KEY}) AS locked`))[0]?.locked;
    if (locked !== true) return 0;
    const busy = alias(connectorRuns, 'busy');
    const due = await tx
      .select()
      .from(connectors)
      .where(
        and(
          eq(connectors.active, true),
          eq(connectors.state, 'authorized'),
          or(isNull(connectors.nextRunAt), lte(connectors.nextRunAt, now)),
          notExists(tx.select({ id: busy.id }).from(busy).where(and(eq(busy.connectorId, connectors.id), inArray(busy.status, ['queued', 'running'])))),
        ),
      );
    for (const row of due) {
      const from = row.cursorAt ?? startDateOf(row);
      await tx.insert(connectorRuns).values({ id: randomUUID(), connectorId: row.id, trigger: 'schedule', fromDate: from, toDate: now });
      await tx
        .update(connectors)
        .set({ cursorAt: now, nextRunAt: new Date(now.getTime() + deps.integrations.runEveryMs) })
        .where(eq(connectors.id, row.id));
    }
    return due.length;
  });
}

/** How many busy connectors one claim steps over before leaving the rest to the next round. */
const CLAIM_ATTEMPTS = 8;

/**
 * Takes the oldest claimable run, never while another run of its connector is under way: two would
 * both see a message as new. The check alone cannot see a run another process is claiming at the same
 * moment (its update is not committed yet), so the claim holds a transaction-scoped advisory lock on
 * the connector and checks again once it has it; a connector found busy is stepped over.
 */
export async function claimRun(deps: IntegrationDeps, workerId: string, now = new Date()): Promise<RunRow | null> {
  const busyConnectors: string[] = [];
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
    const outcome = await claimOnce(deps, workerId, now, busyConnectors);
    if (outcome.kind !== 'busy') return outcome.run;
    busyConnectors.push(outcome.connectorId);
  }
  return null;
}

/** One transaction, so a connector's lock is let go before the next attempt (no two held at once, no deadlock). */
function claimOnce(deps: IntegrationDeps, workerId: string, now: Date, busyConnectors: readonly string[]) {
  return deps.db.transaction(async (tx): Promise<{ kind: 'claimed'; run: RunRow | null } | { kind: 'busy'; connectorId: string }> => {
    const other = alias(connectorRuns, 'other');
    const running = (connectorId: string | SQLWrapper) => and(eq(other.connectorId, connectorId), eq(other.status, 'running'), sql`${other.leaseExpiresAt} >= ${now}`);
    const [candidate] = await tx
      .select({ id: connectorRuns.id, connectorId: connectorRuns.connectorId })
      .from(connectorRuns)
      .where(
        and(
          or(eq(connectorRuns.status, 'queued'), and(eq(connectorRuns.status, 'running'), lt(connectorRuns.leaseExpiresAt, now))),
          busyConnectors.length === 0 ? undefined : notInArray(connectorRuns.connectorId, [...busyConnectors]),
          notExists(tx.select({ id: other.id }).from(other).where(running(connectorRuns.connectorId))),
        ),
      )
      .orderBy(asc(connectorRuns.createdAt))
      .limit(1)
      .for('update', { of: connectorRuns, skipLocked: true });
    if (candidate === undefined) return { kind: 'claimed', run: null };
    // Waits for a process claiming a run of the same connector to commit, then sees its run running.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${candidate.connectorId}))`);
    const [busy] = await tx
      .select({ id: other.id })
      .from(other)
      .where(and(running(candidate.connectorId), ne(other.id, candidate.id)))
      .limit(1);
    if (busy !== undefined) return { kind: 'busy', connectorId: candidate.connectorId };
    const [claimed] = await tx
      .update(connectorRuns)
      .set({ status: 'running', claimedBy: workerId, leaseExpiresAt: new Date(now.getTime() + RUN_LEASE_MS) })
      .where(eq(connectorRuns.id, candidate.id))
      .returning();
    return { kind: 'claimed', run: claimed ?? null };
  });
}

/** One round of the job; the job loop and the tests call it. Once `stopping`, it claims nothing more. */
export async function connectorRound(deps: IntegrationDeps, workerId: string, stopping: () => boolean = () => false): Promise<void> {
  if (stopping()) return;
  await scheduleDueRuns(deps);
  for (let run = await claimRun(deps, workerId); run !== null; run = stopping() ? null : await claimRun(deps, workerId)) await executeRun(deps, run);
  while (!stopping() && (await writeBackFinished(deps, new Date(), stopping)) > 0) {
    // until nothing finished is left
  }
}

/**
 * Gives back the runs `workerId` still holds (a stopping server whose run did not end in time): they
 * are queued again for the same period, so the next round, here or in another process, fetches it
 * again; messages already queued are not queued twice (the dedup list).
 */
export async function releaseRunsOf(deps: Pick<IntegrationDeps, 'db'>, workerId: string): Promise<string[]> {
  const rows = await deps.db
    .update(connectorRuns)
    .set({ status: 'queued', claimedBy: null, leaseExpiresAt: null })
    .where(and(eq(connectorRuns.claimedBy, workerId), eq(connectorRuns.status, 'running')))
    .returning({ id: connectorRuns.id });
  return rows.map((row) => row.id);
}

export interface ConnectorJob {
  /**
   * Claims nothing more and waits for the round under way, at most `graceMs` when given; past it,
   * gives back the runs this process still holds (without it they stay claimed for their lease, ten
   * minutes, and no other run of their connector may start meanwhile).
   */
  stop(graceMs?: number): Promise<void>;
}

/** Every `pollMs`, one round, until the job is stopped. */
export function startConnectorJob(deps: IntegrationDeps, workerId: string, onError: (error: unknown) => void): ConnectorJob {
  let stopping = false;
  const job = startPeriodicJob(() => connectorRound(deps, workerId, () => stopping), deps.integrations.pollMs, onError);
  return {
    async stop(graceMs) {
      stopping = true;
      if (await job.stop(graceMs)) return;
      const released = await releaseRunsOf(deps, workerId);
      deps.log?.('warn', { released: released.length, runIds: released }, 'connector runs still going on at shutdown were given back to the queue');
    },
  };
}
