/**
 * NLU servers' lifecycle (spec §4 Servers, §9): started or stopped; a start goes through `starting`
 * for `startupMs`; a started server unused for `idleMs` (5 minutes) is stopped by this process's
 * sweeper; an analysis reaching a stopped server starts it. The status is kept in the database so
 * every process agrees; `starting` becomes `started` when its `readyAt` has passed (read here, and
 * written back by the sweeper), so no timer is needed for it.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../db/open';
import { nluServers } from '../db/schema-nlu';
import type { NluRuntime } from './runtime';
import type { ServerRow } from './source';

export type ServerStatus = 'stopped' | 'starting' | 'started';

/** The status now: `starting` past its `readyAt` is started; started and idle past `idleMs` is stopped. */
export function statusOf(row: Pick<ServerRow, 'status' | 'readyAt' | 'lastUsedAt'>, runtime: Pick<NluRuntime, 'now' | 'idleMs'>): ServerStatus {
  const now = runtime.now().getTime();
  if (row.status === 'stopped') return 'stopped';
  const readyAt = row.readyAt?.getTime() ?? 0;
  if (row.status === 'starting' && now < readyAt) return 'starting';
  const lastActive = Math.max(readyAt, row.lastUsedAt?.getTime() ?? 0);
  return now - lastActive >= runtime.idleMs ? 'stopped' : 'started';
}

/** Starts a server unless it is already started or starting; returns the row as it is now. */
export async function startServer(db: Database, row: ServerRow, runtime: NluRuntime): Promise<ServerRow> {
  if (statusOf(row, runtime) !== 'stopped') return row;
  const readyAt = new Date(runtime.now().getTime() + runtime.startupMs);
  const [updated] = await db
    .update(nluServers)
    .set({ status: runtime.startupMs > 0 ? 'starting' : 'started', readyAt, lastUsedAt: null })
    .where(eq(nluServers.id, row.id))
    .returning();
  return updated ?? row;
}

export async function stopServer(db: Database, row: ServerRow): Promise<ServerRow> {
  const [updated] = await db.update(nluServers).set({ status: 'stopped' }).where(eq(nluServers.id, row.id)).returning();
  return updated ?? row;
}

/** An analysis or a test went through the server: it stays awake for another `idleMs`. */
export async function markUsed(db: Database, serverId: string, runtime: NluRuntime): Promise<void> {
  await db.update(nluServers).set({ lastUsedAt: runtime.now() }).where(eq(nluServers.id, serverId));
}

/**
 * An analysis went through the server: as `markUsed`, unless the row read at the analysis's start says
 * it was marked less than a second ago (or a hundredth of `idleMs`, if shorter). At tens of analyses a
 * second, one write a second instead of one per analysis, the server's idle time counted at most that
 * much early.
 */
export async function markUsedByAnalysis(db: Database, row: Pick<ServerRow, 'id' | 'lastUsedAt'>, runtime: NluRuntime): Promise<boolean> {
  const since = runtime.now().getTime() - (row.lastUsedAt?.getTime() ?? Number.NEGATIVE_INFINITY);
  if (since >= 0 && since < Math.min(1000, runtime.idleMs / 100)) return false;
  await markUsed(db, row.id, runtime);
  return true;
}

/**
 * The sweeper's pass: `starting` rows past `readyAt` become `started`; started rows idle for `idleMs`
 * become `stopped`. Returns the ids it stopped.
 */
export async function sweepServers(db: Database, runtime: Pick<NluRuntime, 'now' | 'idleMs'>): Promise<string[]> {
  const now = runtime.now();
  const idleSince = new Date(now.getTime() - runtime.idleMs);
  await db
    .update(nluServers)
    .set({ status: 'started' })
    .where(and(eq(nluServers.status, 'starting'), lte(nluServers.readyAt, now)));
  const stopped = await db
    .update(nluServers)
    .set({ status: 'stopped' })
    .where(
      and(
        eq(nluServers.status, 'started'),
        or(isNull(nluServers.readyAt), lte(nluServers.readyAt, idleSince)),
        or(isNull(nluServers.lastUsedAt), lte(nluServers.lastUsedAt, idleSince)),
      ),
    )
    .returning({ id: nluServers.id });
  return stopped.map((row) => row.id);
}

/** Runs `sweepServers` every `sweepEveryMs` until the returned function is called. */
export function startSweeper(db: Database, runtime: NluRuntime, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    sweepServers(db, runtime).catch(onError);
  }, runtime.sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
