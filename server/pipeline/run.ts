/**
 * One run of one claimed analysis (§4 Analysis progress): the environment's modules in order, a trace
 * row per step, then the final status and the webhook deliveries in one statement.
 *
 * Every trace write is guarded by the claim, so it also checks it: aborted by a user → the rows of
 * the steps done before the abort, one `aborted` row, and nothing more; claim lost (taken over after a
 * lease ran out, deleted) → the run stops without writing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AnalysisStatus, ModuleResult } from '../../src/contract/analyses';
import type { EnvironmentModule } from '../../src/contract/environments';
import { pipelineModules } from '../../src/contract/pipeline-modules';
import type { Database } from '../db/open';
import { webhooks } from '../db/schema';
import { readStoredSettings } from '../environments/settings';
import { claimState, releaseClaim, renewLease, rowsOf, type ClaimedAnalysis } from './claim';
import type { MeteredParser } from './extractor/metered-parser';
import type { ResultCache } from './extractor/result-cache';
import type { SharedCpuMeter } from './shared-cpu-meter';
import { createNluRuntime, type NluRuntime } from '../nlu/runtime';
import type { RunContext, RunFile } from './modules/step';
import { runModules } from './run-modules';
import { reachesOutside } from './modules/registry';
import { MeteredOcr } from '../ocr/metered-ocr';
import type { ModuleMeter } from '../module-workers/module-pool';
import { guardedAnalysis, splitAtAbort, traceRowsInsert, writeTraceRows, type TraceRow } from './trace';
import { webhookEnvelope, type EnvelopeInput } from './webhook-payload';
import { jsonParts } from '../module-workers/held-json';
import { jsonbOfParts } from '../db/jsonb-parts';
import { pipelineMessage } from '../../src/contract/pipeline-messages';
import { resultsSummaryOf } from '../../src/analyses/results-summary';

export interface RunDeps {
  db: Database;
  workerId: string;
  leaseMs: number;
  /** Claims of one run before it ends in error (a crash-looping analysis must not loop forever). */
  maxClaims: number;
  /**
   * How long the trace rows of quick steps may wait to be written together (and the claim checked
   * with them): a run learns of an abort at most this long after its last write, plus the step
   * running then (PIPELINE_DEFAULTS: 200 ms).
   */
  traceWriteEveryMs: number;
  parser: MeteredParser;
  /** The files this pipeline already extracted (shared by its analysis workers). */
  extracted: ResultCache;
  /** The process's CPU that no run's own meter counts, shared between its runs. */
  sharedCpu: SharedCpuMeter;
  /** This run's share, begun by the worker before its claim (else from here). */
  meterRun?: symbol;
  /** True once the server is stopping: the run gives its claim back at the next step. */
  stopping(): boolean;
  /** NLU servers' lifecycle and compiled engines (one per process; a fresh one when absent). */
  nlu?: NluRuntime;
  /** Called when a run's end scheduled webhook deliveries (pipeline.ts wakes its delivery worker). */
  deliveriesScheduled?(): void;
}

let defaultNluRuntime: NluRuntime | undefined;

export type RunEnd = 'processed' | 'error' | 'awaitingFinalStatus' | 'aborted' | 'lost' | 'released';

class StopRun extends Error {
  constructor(readonly end: RunEnd) {
    super(end);
  }
}

export async function runAnalysis(deps: RunDeps, claimed: ClaimedAnalysis): Promise<RunEnd> {
  const { db, workerId } = deps;
  // Renewal failures need no handling here: every trace write is guarded by the claim.
  const renewal = setInterval(() => {
    renewLease(db, claimed.id, workerId, deps.leaseMs).catch(() => undefined);
  }, Math.max(50, Math.floor(deps.leaseMs / 3)));
  deps.parser.resetMeter();
  // CPU time of this run: its own meters (the parse thread's CPU clock, metered-parser.ts; OCR pages;
  // the modules' engines in the module workers, server/module-workers/) plus its share of the rest of
  // the process's CPU while it ran (shared-cpu-meter.ts): database work, the claim, garbage collection.
  const shared = deps.meterRun ?? deps.sharedCpu.begin();
  const ocr = new MeteredOcr();
  const moduleWorkers: ModuleMeter = { ms: 0 };
  const ownMs = () => deps.parser.meter().parseCpuMs + ocr.ms + moduleWorkers.ms;
  deps.sharedCpu.ownMeters(shared, ownMs);
  const cpuMs = () => Math.round(ownMs() + deps.sharedCpu.charged(shared));

  let step = claimed.nextStep;
  const traceRow = (module: string, startedAt: Date, outcome: ModuleResult['outcome'], message: string | null): TraceRow => ({
    run: claimed.run,
    step: step++,
    module,
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    outcome,
    message,
  });
  /**
   * Rows of the steps run since the claim was last confirmed. Each write of trace rows is guarded by
   * the claim, so it also tells whether the analysis was aborted or taken over; a write per step was a
   * statement per module on runs of a few milliseconds. So rows wait until the claim was confirmed
   * `traceWriteEveryMs` ago, a module reaching outside is next (`reachesOutside`), the server
   * stops, or the run ends (`finish` writes them with the end).
   */
  const unwritten: TraceRow[] = [];
  let confirmedAt = Date.now();

  async function writeUnwritten(next: string): Promise<void> {
    const rows = unwritten.splice(0);
    const at = Date.now();
    if (!(await writeTraceRows(db, claimed.id, workerId, rows))) await claimGone(rows, next);
    confirmedAt = at;
  }

  /**
   * Before each module but the first: the waiting rows written when due, or now when the next module
   * reaches outside (`confirmNow`); a stopping server gives the claim back.
   */
  async function checkpoint(next: EnvironmentModule | null, confirmNow = false): Promise<void> {
    if (deps.stopping()) {
      if (unwritten.length > 0) await writeUnwritten(next?.type ?? 'webhooks');
      await releaseClaim(db, claimed.id, workerId);
      throw new StopRun('released');
    }
    if (next === null || unwritten.length === 0) return;
    if (Date.now() - confirmedAt >= deps.traceWriteEveryMs || confirmNow) await writeUnwritten(next.type);
  }

  /**
   * After a refused write: if a user aborted, the rows of the steps done before the abort and one
   * `aborted` row for the step it came during (`next` when it came between steps); if another worker
   * took over, nothing.
   */
  async function claimGone(rows: readonly TraceRow[], next: string): Promise<never> {
    const claim = await claimState(db, claimed.id, workerId);
    if (claim.state === 'aborted') {
      await writeAbort(db, claimed, workerId, rows, claim.abortedAt, { step, module: next, message: pipelineMessage('trace.abortedDuring', { step: next }) });
      await chargeCutShortRun(db, claimed.id, cpuMs());
      throw new StopRun('aborted');
    }
    await chargeCutShortRun(db, claimed.id, cpuMs());
    throw new StopRun('lost');
  }

  try {
    const claimedAt = new Date();
    const takenOver = claimed.previousStatus === 'pending';
    const tooManyClaims = claimed.claims > deps.maxClaims;
    const claimRow = traceRow(
      'queue',
      claimedAt,
      tooManyClaims ? 'error' : 'success',
      takenOver
        ? pipelineMessage('trace.claimedAgainLease', { worker: workerId, previous: claimed.previousWorker ?? '?', claim: claimed.claims, max: deps.maxClaims })
        : step > 0
          ? pipelineMessage('trace.claimedAgainReleased', { worker: workerId })
          : pipelineMessage('trace.claimed', { worker: workerId }),
    );
    if (tooManyClaims) {
      return await finish(deps, claimed, {
        status: 'error',
        error: pipelineMessage('trace.tooManyClaims', { max: deps.maxClaims }),
        modules: [],
        step,
        rows: [claimRow],
        cpuMs: cpuMs(),
      });
    }

    const settings = readStoredSettings(claimed.settings);
    const modules = pipelineModules(settings);
    // The claim's row and the files in one statement (one round trip fewer per analysis); no row
    // at all when the row was refused, i.e. the claim is already gone.
    const files = await traceAndReadFiles(db, claimed.id, workerId, claimRow);
    if (files === null) return await claimGone([claimRow], modules[0]?.type ?? 'webhooks');

    const context: RunContext = {
      db,
      analysis: claimed,
      settings,
      files,
      uploadedAttachments: files
        .filter((file) => file.role === 'attachment' && file.content !== null)
        .map((file) => ({ fileName: file.name, contentType: file.contentType, path: [file.name], bytes: file.content! })),
      modules,
      parser: deps.parser,
      extracted: deps.extracted,
      ocr,
      moduleWorkers,
      nlu: deps.nlu ?? (defaultNluRuntime ??= createNluRuntime()),
    };
    const { state, failure, partialFailure } = await runModules(context, {
      between: (next) => checkpoint(next, reachesOutside(next, settings)),
      after: async (module, startedAt, outcome) => {
        unwritten.push(traceRow(module.type, startedAt, outcome.outcome, outcome.message));
      },
    });
    await checkpoint(null);
    return await finish(deps, claimed, {
      status: failure !== null || partialFailure !== null ? 'error' : 'processed',
      error: failure ?? partialFailure,
      modules: state.results,
      step,
      rows: unwritten,
      cpuMs: cpuMs(),
    });
  } catch (error) {
    if (error instanceof StopRun) return error.end;
    throw error;
  } finally {
    clearInterval(renewal);
    deps.sharedCpu.end(shared);
  }
}

interface Finish {
  status: Extract<AnalysisStatus, 'processed' | 'error'>;
  error: string | null;
  modules: ModuleResult[];
  step: number;
  /** Trace rows of the last steps, not written yet: they go in with the end. */
  rows: readonly TraceRow[];
  cpuMs: number;
}

/**
 * The end of a run, in one statement guarded by the claim: status (or `awaitingFinalStatus` with
 * manual final status), results, CPU time (on the analysis and in the usage ledger), the trace rows
 * of the last steps and the first delivery attempt to each active webhook of the matching type.
 */
async function finish(deps: RunDeps, claimed: ClaimedAnalysis, end: Finish): Promise<RunEnd> {
  const { db, workerId } = deps;
  const awaiting = claimed.manualFinalStatus && end.status === 'processed';
  const now = new Date();
  const type = awaiting ? 'consolidation' : end.status === 'processed' ? 'analysis' : 'error';
  const output = end.modules.find((module) => module.type === 'output' && module.outcome === 'success')?.result ?? null;
  // The results' JSON around the held ones, which stay bytes (held-json.ts): the rest is small.
  const modulesJson = jsonbOfParts(jsonParts(end.modules));
  // Read before the statement that ends the run, as the transaction did under READ COMMITTED.
  const targets = await db
    .select({ id: webhooks.id, url: webhooks.url })
    .from(webhooks)
    .where(and(eq(webhooks.environmentId, claimed.environmentId), eq(webhooks.type, type), eq(webhooks.active, true)));
  let step = end.step;
  const endRow = (module: string, outcome: ModuleResult['outcome'], message: string): TraceRow => ({ run: claimed.run, step: step++, module, startedAt: now, durationMs: 0, outcome, message });
  const rows: TraceRow[] = [...end.rows];
  if (awaiting) rows.push(endRow('finalStatus', 'success', pipelineMessage('trace.awaitingFinalStatus')));
  rows.push(
    endRow(
      'webhooks',
      targets.length > 0 ? 'success' : 'skipped',
      targets.length > 0 ? pipelineMessage('trace.deliveriesScheduled', { count: targets.length, type }) : pipelineMessage('trace.noWebhook', { type }),
    ),
  );
  // One statement, so one atomic step without a transaction's round trips: every part reads the
  // UPDATE's rows, so nothing is written when the claim is gone.
  const deliveries =
    targets.length === 0
      ? sql``
      : sql`, deliveries AS (
        INSERT INTO webhook_deliveries (id, analysis_id, webhook_id, url, type, attempt, outcome, scheduled_at, payload)
        SELECT d.id, updated.id, d.webhook_id, d.url, ${type}::webhook_type, 1, 'scheduled', ${now.toISOString()}::timestamptz, p.payload
        FROM updated,
          (VALUES ${sql.join(targets.map((target) => sql`(${randomUUID()}, ${target.id}::text, ${target.url}::text)`), sql`, `)}) AS d (id, webhook_id, url),
          (SELECT ${deliveryPayload(claimed, end, awaiting, now, type, output)} AS payload) AS p
      )`;
  try {
    const ended = await db.execute(sql`
      WITH updated AS (
        UPDATE analyses SET
          status = ${awaiting ? 'pending' : end.status},
          awaiting_final_status = ${awaiting},
          modules = ${modulesJson},
          results_summary = ${JSON.stringify(resultsSummaryOf(end.modules, claimed.settings))}::jsonb,
          error = ${end.error},
          finished_at = ${awaiting ? null : now.toISOString()},
          claimed_by = NULL,
          lease_expires_at = NULL,
          cpu_ms = cpu_ms + ${end.cpuMs}
        WHERE id = ${claimed.id} AND claimed_by = ${workerId} AND status = 'pending'
        RETURNING id
      ),
      -- The usage ledger keeps the same CPU time: consumption and CO2 read it (consumption/ledger.ts).
      usage AS (UPDATE analysis_usage SET cpu_ms = cpu_ms + ${end.cpuMs} WHERE analysis_id IN (SELECT id FROM updated)),
      trace AS (${traceRowsInsert(sql`updated`, rows)})
      ${deliveries}
      SELECT id FROM updated`);
    if (rowsOf(ended).length === 0) throw new StopRun('lost');
    if (targets.length > 0) deps.deliveriesScheduled?.();
  } catch (error) {
    if (!(error instanceof StopRun)) throw error;
    // The update found the claim gone: a user aborted during the last steps or at the end, or the run was taken over.
    const claim = await claimState(db, claimed.id, workerId);
    if (claim.state === 'aborted') {
      await writeAbort(db, claimed, workerId, end.rows, claim.abortedAt, { step: end.step, module: 'webhooks', message: pipelineMessage('trace.abortedAtEnd') });
    }
    await chargeCutShortRun(db, claimed.id, end.cpuMs);
    return claim.state === 'aborted' ? 'aborted' : 'lost';
  }
  return awaiting ? 'awaitingFinalStatus' : end.status;
}

/** The first delivery attempt's payload, as jsonb (built only when a webhook will receive it). */
function deliveryPayload(claimed: ClaimedAnalysis, end: Finish, awaiting: boolean, now: Date, type: EnvelopeInput['type'], output: unknown) {
  const payload = webhookEnvelope({
    type,
    environmentId: claimed.environmentId,
    analysis: claimed,
    status: awaiting ? 'pending' : end.status,
    awaitingFinalStatus: awaiting,
    finishedAt: awaiting ? null : now,
    error: end.error,
    output: output as EnvelopeInput['output'],
  });
  return jsonbOfParts(jsonParts(payload));
}

/**
 * After a write refused because a user aborted: the rows of the steps done before the abort, then one
 * `aborted` row for the step running at the abort, or `between` when it came between two steps.
 */
async function writeAbort(
  db: Database,
  claimed: ClaimedAnalysis,
  workerId: string,
  rows: readonly TraceRow[],
  abortedAt: Date,
  between: Pick<TraceRow, 'step' | 'module' | 'message'>,
): Promise<void> {
  const { done, during } = splitAtAbort(rows, abortedAt);
  const at = during === null ? between : { step: during.step, module: during.module, message: pipelineMessage('trace.abortedDuring', { step: during.module }) };
  const aborted: TraceRow = { run: claimed.run, ...at, startedAt: new Date(), durationMs: 0, outcome: 'aborted' };
  await writeTraceRows(db, claimed.id, workerId, [...done, aborted], 'aborted');
}

/**
 * The CPU time of a run that did not reach its end still counts (consumption and CO2): aborted, it
 * goes to the analysis and its usage-ledger row (consumption/ledger.ts); deleted, to the ledger row,
 * which outlives the analysis. One statement, so the two stay equal. A run taken over by another
 * worker is charged nothing here: the analysis is still there and not aborted, and the new run
 * starts over and charges its own time.
 */
async function chargeCutShortRun(db: Database, analysisId: string, cpuMs: number): Promise<void> {
  await db.execute(sql`
    WITH charged AS (
      UPDATE analyses SET cpu_ms = cpu_ms + ${cpuMs} WHERE id = ${analysisId} AND status = 'aborted' RETURNING id
    )
    UPDATE analysis_usage SET cpu_ms = cpu_ms + ${cpuMs}
    WHERE analysis_id = ${analysisId}
      AND (EXISTS (SELECT 1 FROM charged) OR NOT EXISTS (SELECT 1 FROM analyses WHERE id = ${analysisId}))`);
}

/**
 * Writes the claim's trace row (guarded by the claim, as `writeTraceRows`) and reads the analysis's
 * files in order, in one statement; null when the row was refused (the claim is already gone).
 */
async function traceAndReadFiles(db: Database, analysisId: string, workerId: string, row: TraceRow): Promise<RunFile[] | null> {
  const result = await db.execute(sql`
    WITH analysis AS ${guardedAnalysis(analysisId, workerId)},
      written AS (${traceRowsInsert(sql`analysis`, [row])})
    SELECT f.id, f.name, f.role, f.content_type, f.content, f.sha256
    FROM analysis LEFT JOIN analysis_files f ON f.analysis_id = analysis.id
    ORDER BY f.position`);
  const rows = rowsOf(result);
  if (rows.length === 0) return null;
  return rows
    .filter((file) => file.id !== null)
    .map((file) => ({
      id: String(file.id),
      name: String(file.name),
      role: file.role as RunFile['role'],
      contentType: String(file.content_type),
      content: file.content === null ? null : bufferOf(file.content as Uint8Array),
      sha256: String(file.sha256),
    }));
}

/** PGlite answers bytea as a Uint8Array, node-postgres as a Buffer: the run's files are Buffers, as Drizzle's bytea column gives. */
const bufferOf = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
