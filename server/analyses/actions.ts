/**
 * What can happen to an analysis after it was queued (§4 Analysis progress). Each change is one
 * conditional UPDATE, so it cannot race a worker: abort only while waiting or pending, reanalyze only
 * once finished, the final status only while awaited. When the UPDATE matches nothing, a second look
 * says why (missing, anonymized, or in the wrong status).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FINISHED_STATUSES } from '../../src/contract/analyses';
import type { Database } from '../db/open';
import { analyses } from '../db/schema';
import { notifyQueued } from '../pipeline/queue-signal';
import { ANALYSIS_HEAD, analysisAnonymized, analysisError, analysisNotFound, findAnalysis, type AnalysisHead } from './lookup';
import { appendTrace } from './trace';
import { pipelineMessage } from '../../src/contract/pipeline-messages';

const UNFINISHED = ['waiting', 'pending'] as const;

function target(environmentId: string, analysisId: string) {
  return and(eq(analyses.id, analysisId), eq(analyses.environmentId, environmentId), isNull(analyses.anonymizedAt));
}

/** Why a conditional change matched nothing: 404, anonymized, or the status-specific refusal. */
async function refusal(db: Database, environmentId: string, analysisId: string, wrongStatus: () => Error): Promise<Error> {
  const row = await findAnalysis(db, environmentId, analysisId);
  return row.anonymizedAt !== null ? analysisAnonymized() : wrongStatus();
}

/** Stops a waiting or running analysis; the worker running it loses its claim and stops. */
export async function abortAnalysisRun(
  db: Database,
  environmentId: string,
  analysisId: string,
  by: string,
): Promise<AnalysisHead> {
  const [row] = await db
    .update(analyses)
    .set({
      status: 'aborted',
      finishedAt: new Date(),
      awaitingFinalStatus: false,
      claimedBy: null,
      leaseExpiresAt: null,
    })
    .where(and(target(environmentId, analysisId), inArray(analyses.status, UNFINISHED)))
    .returning(ANALYSIS_HEAD);
  if (row === undefined) {
    throw await refusal(db, environmentId, analysisId, () =>
      analysisError(409, 'alreadyFinished', 'This analysis has already finished'),
    );
  }
  await appendTrace(db, row, { module: 'abort', outcome: 'aborted', message: pipelineMessage('trace.abortedBy', { by }) });
  return row;
}

/**
 * What queues a finished analysis for a new run: results of the last run are cleared, its trace
 * kept. Reanalyze (one analysis) and the SRE reprocess (server/sre/reprocess.ts) both set this.
 */
export const REQUEUE_FOR_NEW_RUN = {
  status: 'waiting' as const,
  run: sql`${analyses.run} + 1`,
  modules: [],
  resultsSummary: null,
  error: null,
  awaitingFinalStatus: false,
  exchangeLabels: null,
  startedAt: null,
  finishedAt: null,
  claimedBy: null,
  leaseExpiresAt: null,
  claims: 0,
} satisfies Partial<Record<keyof typeof analyses.$inferInsert, unknown>>;

/** Queues a finished analysis for a new run. */
export async function reanalyzeAnalysis(db: Database, environmentId: string, analysisId: string): Promise<AnalysisHead> {
  const [row] = await db
    .update(analyses)
    .set(REQUEUE_FOR_NEW_RUN)
    .where(and(target(environmentId, analysisId), inArray(analyses.status, FINISHED_STATUSES)))
    .returning(ANALYSIS_HEAD);
  if (row === undefined) {
    throw await refusal(db, environmentId, analysisId, () =>
      analysisError(409, 'alreadyProcessing', 'This analysis is already being processed'),
    );
  }
  notifyQueued();
  return row;
}

export interface FinalStatus {
  status: 'processed' | 'error';
  exchangeLabels?: string[];
  error?: string;
}

/** §4 manual final status: the external PATCH ends an analysis that ran every module and waits. */
export async function setFinalStatus(
  db: Database,
  environmentId: string,
  analysisId: string,
  final: FinalStatus,
  /** The name of the access key that set it. */
  accessKey: string,
): Promise<AnalysisHead> {
  if (final.status === 'processed' && final.exchangeLabels === undefined) {
    throw analysisError(400, 'exchangeLabelsRequired', 'exchangeLabels is required to finish an analysis as processed');
  }
  const [row] = await db
    .update(analyses)
    .set({
      status: final.status,
      finishedAt: new Date(),
      awaitingFinalStatus: false,
      exchangeLabels: final.exchangeLabels ?? null,
      error: final.status === 'error' ? (final.error ?? pipelineMessage('trace.finalStatusErrorDefault')) : null,
      claimedBy: null,
      leaseExpiresAt: null,
    })
    .where(and(target(environmentId, analysisId), eq(analyses.status, 'pending'), eq(analyses.awaitingFinalStatus, true)))
    .returning(ANALYSIS_HEAD);
  if (row === undefined) {
    throw await refusal(db, environmentId, analysisId, () =>
      analysisError(409, 'notAwaitingFinalStatus', 'This analysis is not waiting for a final status'),
    );
  }
  await appendTrace(db, row, {
    module: 'finalStatus',
    outcome: final.status === 'processed' ? 'success' : 'error',
    message:
      final.status === 'error' && final.error
        ? pipelineMessage('trace.finalStatusSetWithError', { status: final.status, key: accessKey, error: final.error })
        : pipelineMessage('trace.finalStatusSet', { status: final.status, key: accessKey }),
  });
  return row;
}

/** Removes an analysis with its files, trace and delivery attempts (foreign keys cascade). */
export async function deleteAnalysisRecord(db: Database, environmentId: string, analysisId: string): Promise<void> {
  const removed = await db
    .delete(analyses)
    .where(and(eq(analyses.id, analysisId), eq(analyses.environmentId, environmentId)))
    .returning({ id: analyses.id });
  if (removed.length === 0) throw analysisNotFound();
}
