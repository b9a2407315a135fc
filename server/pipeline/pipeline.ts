/**
 * The pipeline of one server process: `workers` analysis workers, one delivery worker and the
 * retention job. Started by buildApp's `pipeline` option (server/app.ts) when the app is ready,
 * stopped when it closes. Workers sleep until `notifyQueued()` (queue-signal.ts) or their next poll;
 * other processes on the same PostgreSQL find the work by polling.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../crypto/secret-box';
import type { Database } from '../db/open';
import type { NluRuntime } from '../nlu/runtime';
import { createOutboundClient, type OutboundClient } from '../outbound/client';
import { claimNextAnalysis, DEFAULT_MAX_RUNS_PER_ORGANISATION, releaseClaimsOf } from './claim';
import { attemptDelivery, claimDueDeliveries, type DeliveryOptions } from './deliveries';
import { MeteredParser } from './extractor/metered-parser';
import { ResultCache } from './extractor/result-cache';
import { onQueued } from './queue-signal';
import { anonymizeDue } from './retention';
import { runAnalysis } from './run';
import { SharedCpuMeter } from './shared-cpu-meter';

export interface PipelineOptions {
  /** Analysis workers in this process (0: deliveries and retention only). */
  workers: number;
  /** How often idle workers look for work that another process queued. */
  pollMs?: number;
  /** A claim not renewed for this long is taken over by another worker. */
  leaseMs?: number;
  /** Claims of one run before it ends in error. */
  maxClaims?: number;
  /** Runs of one organisation at once, across every process (the fair queue's cap). */
  maxRunsPerOrganisation?: number;
  /** Delivery attempts per webhook, the first included. */
  deliveryAttempts?: number;
  /** Wait before the second attempt, doubled for each one after. */
  deliveryBackoffMs?: number;
  /** How often the retention job runs. */
  retentionEveryMs?: number;
  /** Parse deadline per file (SERVER_PARSE_DEADLINE_MS, 30 s, by default). */
  parseDeadlineMs?: number;
  /** How long a run's trace rows may wait to be written together (run.ts `traceWriteEveryMs`). */
  traceWriteEveryMs?: number;
  /**
   * On stop, how long runs in progress have to reach their next step and give their analysis back
   * themselves; past it the pipeline gives their claims back itself, so a stopping server never
   * waits for a long step (a 500-page document) and nothing waits for a lease to run out. Without
   * it, stop waits for the runs' next step (tests; the server process sets it: config.ts).
   */
  stopGraceMs?: number;
}

export const PIPELINE_DEFAULTS = {
  pollMs: 1000,
  leaseMs: 30_000,
  maxClaims: 3,
  maxRunsPerOrganisation: DEFAULT_MAX_RUNS_PER_ORGANISATION,
  deliveryAttempts: 5,
  deliveryBackoffMs: 30_000,
  retentionEveryMs: 10 * 60_000,
  traceWriteEveryMs: 200,
} as const;

export interface PipelineDeps {
  db: Database;
  secrets: SecretBox;
  /** Absent: a client that refuses local targets (server/outbound). */
  outbound?: OutboundClient;
  /** The process's NLU runtime (shared with the routes, so the NLU test and analyses see one cache). */
  nlu?: NluRuntime;
  log?: (level: 'info' | 'warn' | 'error', details: Record<string, unknown>, message: string) => void;
}

export interface Pipeline {
  readonly workerIds: readonly string[];
  /**
   * Stops claiming; runs in progress give their analysis back at their next step, or are given
   * back after `stopGraceMs`. Resolves within about that time whatever the runs do.
   */
  stop(): Promise<void>;
  /** Runs the retention job now (tests, and once at start). */
  anonymizeNow(): Promise<number>;
}

const DELIVERY_BATCH = 8;

export function startPipeline(deps: PipelineDeps, options: PipelineOptions): Pipeline {
  const settings = { ...PIPELINE_DEFAULTS, ...definedOnly(options) };
  const log = deps.log ?? (() => undefined);
  const outbound = deps.outbound ?? createOutboundClient({ allowPrivate: false });
  const processId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let stopping = false;
  // Two kinds of sleepers: a queued analysis wakes the analysis workers, deliveries this process
  // scheduled wake its delivery worker; neither wakes the other for nothing (a wasted poll each).
  const analysisSleepers = new Set<() => void>();
  const deliverySleepers = new Set<() => void>();
  const wake = (sleepers: Set<() => void>) => () => {
    for (const done of [...sleepers]) done();
  };
  const wakeAnalysisWorkers = wake(analysisSleepers);
  const wakeDeliveryWorker = wake(deliverySleepers);
  const wakeAll = () => {
    wakeAnalysisWorkers();
    wakeDeliveryWorker();
  };
  const unsubscribe = onQueued(wakeAnalysisWorkers);

  /** Resolves after `ms`, on its kind's signal, or on stop. */
  const sleep = (ms: number, sleepers: Set<() => void>) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  const sharedCpu = new SharedCpuMeter();
  const workerIds = Array.from({ length: Math.max(0, options.workers) }, (_, index) => `${processId}:w${index + 1}`);

  // One cache for the pipeline's workers: a mail analysed again may be claimed by another one.
  const extracted = new ResultCache();

  async function analysisWorker(workerId: string): Promise<void> {
    const parser = new MeteredParser(settings.parseDeadlineMs);
    await parser.warmUp().catch(() => undefined);
    try {
      while (!stopping) {
        let claimed = null;
        // The claim is the work of the run it claims: its meter starts here, and stops at once when
        // there was nothing to claim (an idle poll is no analysis's).
        const meterRun = sharedCpu.begin();
        try {
          claimed = await claimNextAnalysis(deps.db, workerId, settings.leaseMs, settings.maxRunsPerOrganisation);
        } catch (error) {
          log('error', { err: error, workerId }, 'claiming an analysis failed');
        }
        if (claimed === null) {
          sharedCpu.end(meterRun);
          await sleep(settings.pollMs, analysisSleepers);
          continue;
        }
        try {
          const end = await runAnalysis(
            {
              db: deps.db,
              workerId,
              leaseMs: settings.leaseMs,
              maxClaims: settings.maxClaims,
              traceWriteEveryMs: settings.traceWriteEveryMs,
              parser,
              extracted,
              sharedCpu,
              meterRun,
              stopping: () => stopping,
              nlu: deps.nlu,
              // Deliveries were scheduled with the run's end: the delivery worker of this process goes now.
              deliveriesScheduled: wakeDeliveryWorker,
            },
            claimed,
          );
          log('info', { analysisId: claimed.id, workerId, end }, 'analysis run ended');
        } catch (error) {
          // The claim stays: its lease runs out and the run is tried again, up to maxClaims.
          log('error', { err: error, analysisId: claimed.id, workerId }, 'analysis run failed');
        } finally {
          sharedCpu.end(meterRun);
        }
      }
    } finally {
      parser.close();
    }
  }

  async function deliveryWorker(workerId: string): Promise<void> {
    const delivery: DeliveryOptions = { maxAttempts: settings.deliveryAttempts, backoffMs: settings.deliveryBackoffMs, leaseMs: settings.leaseMs };
    while (!stopping) {
      let due: Awaited<ReturnType<typeof claimDueDeliveries>>['due'] = [];
      let next: Date | null = null;
      try {
        ({ due, nextAt: next } = await claimDueDeliveries(deps.db, workerId, DELIVERY_BATCH, settings.leaseMs));
        await Promise.all(
          due.map((attempt) =>
            attemptDelivery({ db: deps.db, secrets: deps.secrets, outbound, log }, workerId, attempt, delivery).catch((error: unknown) =>
              log('error', { err: error, deliveryId: attempt.id }, 'recording a delivery failed'),
            ),
          ),
        );
      } catch (error) {
        log('error', { err: error, workerId }, 'claiming deliveries failed');
      }
      if (due.length > 0) continue;
      const untilNext = next === null ? settings.pollMs : Math.max(10, next.getTime() - Date.now());
      await sleep(Math.min(settings.pollMs, untilNext), deliverySleepers);
    }
  }

  // Queue signals wake every sleeper; the retention job sleeps on its own timer only.
  const stopRetention = new Set<() => void>();
  const loops = [
    ...workerIds.map((id) => analysisWorker(id)),
    deliveryWorker(`${processId}:d`),
    retentionLoop(),
  ];

  function retentionLoop(): Promise<void> {
    // Retention has its own sleeper so queue signals do not make it run at every upload.
    return (async () => {
      while (!stopping) {
        try {
          const count = await anonymizeDue(deps.db);
          if (count > 0) log('info', { count }, 'analyses anonymized (retention)');
        } catch (error) {
          log('error', { err: error }, 'retention job failed');
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, settings.retentionEveryMs);
          function done() {
            clearTimeout(timer);
            stopRetention.delete(done);
            resolve();
          }
          stopRetention.add(done);
        });
      }
    })();
  }

  return {
    workerIds,
    async stop() {
      stopping = true;
      unsubscribe();
      wakeAll();
      for (const wake of [...stopRetention]) wake();
      const graceMs = settings.stopGraceMs;
      if (graceMs === undefined) {
        await Promise.allSettled(loops);
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const graceOver = await Promise.race([
        Promise.allSettled(loops).then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
      ]);
      clearTimeout(timer);
      if (!graceOver) return;
      try {
        const released = await releaseClaimsOf(deps.db, workerIds);
        log('warn', { released: released.length, analysisIds: released }, 'runs still going on at shutdown were given back to the queue');
      } catch (error) {
        // Their leases run out and another worker takes them over then.
        log('error', { err: error }, 'giving runs back at shutdown failed');
      }
    },
    anonymizeNow: () => anonymizeDue(deps.db),
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
