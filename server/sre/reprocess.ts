/**
 * SRE reprocess (contract: reprocessAnalyses, getReprocessProgress). The selection — named
 * analyses, or every analysis a filter matches — is read through the same condition as the list.
 * Only finished, not anonymized analyses are taken (as reanalyze, §4); the others are counted as
 * skipped. A dry run counts; the real call requeues them in one conditional UPDATE (a run that
 * started meanwhile is left alone) and records the batch so its progress can be followed. The
 * requeued analyses wait in the normal queue: workers claim them fairly between organisations
 * (server/pipeline/claim.ts), nothing runs them directly.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { FINISHED_STATUSES } from '../../src/contract/analyses';
import { REPROCESS_MAX, type ReprocessProgress, type ReprocessResult, type ReprocessSelection } from '../../src/contract/sre-analyses';
import { REQUEUE_FOR_NEW_RUN } from '../analyses/actions';
import type { Database } from '../db/open';
import { analyses, environments, projects } from '../db/schema';
import { reprocessBatches, reprocessItems } from '../db/schema-sre';
import { HttpError } from '../http-error';
import { notifyQueued } from '../pipeline/queue-signal';
import { filterCondition, kindCondition } from './analyses-filter';

function selectionCondition(selection: ReprocessSelection): SQL {
  return selection.by === 'ids'
    ? and(kindCondition(selection.kind), inArray(analyses.id, selection.ids))!
    : filterCondition(selection.filter);
}

const reprocessable = and(inArray(analyses.status, FINISHED_STATUSES), isNull(analyses.anonymizedAt))!;

async function countSelection(db: Database, where: SQL): Promise<{ requeued: number; skipped: number }> {
  const [row] = await db
    .select({
      total: count(),
      requeued: sql<number>`count(*) filter (where ${reprocessable})::int`,
    })
    .from(analyses)
    .innerJoin(environments, eq(environments.id, analyses.environmentId))
    .innerJoin(projects, eq(projects.id, environments.projectId))
    .where(where);
  const total = row?.total ?? 0;
  const requeued = row?.requeued ?? 0;
  return { requeued, skipped: total - requeued };
}

export async function reprocess(db: Database, selection: ReprocessSelection, dryRun: boolean, userId: string): Promise<ReprocessResult> {
  const where = selectionCondition(selection);
  const counted = await countSelection(db, where);
  if (dryRun) return { dryRun, ...counted, batchId: null };
  if (counted.requeued > REPROCESS_MAX) {
    throw new HttpError(400, {
      message: `One reprocess requeues at most ${REPROCESS_MAX} analyses; narrow the filter`,
      code: 'reprocessTooMany',
      params: { max: REPROCESS_MAX, matched: counted.requeued },
    });
  }
  const batchId = randomUUID();
  const requeued = await db.transaction(async (tx) => {
    const chosen = tx
      .select({ id: analyses.id })
      .from(analyses)
      .innerJoin(environments, eq(environments.id, analyses.environmentId))
      .innerJoin(projects, eq(projects.id, environments.projectId))
      .where(and(where, reprocessable));
    // The status condition again on the row itself: an analysis that started meanwhile stays as it is.
    const rows = await tx
      .update(analyses)
      .set(REQUEUE_FOR_NEW_RUN)
      .where(and(inArray(analyses.id, chosen), reprocessable))
      .returning({ id: analyses.id, run: analyses.run });
    if (rows.length === 0) return 0;
    await tx.insert(reprocessBatches).values({ id: batchId, createdByUserId: userId, total: rows.length });
    for (let start = 0; start < rows.length; start += 1_000) {
      await tx.insert(reprocessItems).values(rows.slice(start, start + 1_000).map((row) => ({ batchId, analysisId: row.id, run: row.run })));
    }
    return rows.length;
  });
  if (requeued > 0) notifyQueued();
  return { dryRun, requeued, skipped: counted.skipped + counted.requeued - requeued, batchId: requeued > 0 ? batchId : null };
}

export async function reprocessProgress(db: Database, batchId: string): Promise<ReprocessProgress> {
  const [batch] = await db.select().from(reprocessBatches).where(eq(reprocessBatches.id, batchId));
  if (batch === undefined) throw new HttpError(404, { message: 'No such reprocess batch', code: 'reprocessBatchNotFound' });
  // An item counts by its analysis' status only while the analysis is still on the run the batch started.
  const current = sql`${analyses.id} is not null and ${analyses.run} = ${reprocessItems.run}`;
  const of = (status: string) => sql<number>`count(*) filter (where ${current} and ${analyses.status} = ${status})::int`;
  const [row] = await db
    .select({
      waiting: of('waiting'),
      pending: of('pending'),
      processed: of('processed'),
      error: of('error'),
      aborted: of('aborted'),
      gone: sql<number>`count(*) filter (where not (${current}))::int`,
    })
    .from(reprocessItems)
    .leftJoin(analyses, eq(analyses.id, reprocessItems.analysisId))
    .where(eq(reprocessItems.batchId, batchId));
  return {
    batchId,
    createdAt: batch.createdAt.toISOString(),
    total: batch.total,
    waiting: row?.waiting ?? 0,
    pending: row?.pending ?? 0,
    processed: row?.processed ?? 0,
    error: row?.error ?? 0,
    aborted: row?.aborted ?? 0,
    gone: row?.gone ?? 0,
  };
}
