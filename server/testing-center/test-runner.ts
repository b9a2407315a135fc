/**
 * The test runs of one server process: launched runs wait in a queue and run one after the other
 * (a test run is background work beside the production pipeline, never ahead of it: one message at a
 * time, so production analyses keep their workers). Started with the app; at start it resumes the
 * runs a stopped server left unfinished; on stop, the run in progress stops between two messages.
 * With several processes on one PostgreSQL, a run is claimed before it runs (claim-run.ts): exactly
 * one process runs it, and a sweep every half lease takes over the runs of a process that died.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/open';
import { testingRuns } from '../db/schema-testing-runs';
import { MeteredParser } from '../pipeline/extractor/metered-parser';
import { ResultCache } from '../pipeline/extractor/result-cache';
import type { NluRuntime } from '../nlu/runtime';
import { claimableRuns, claimRun, releaseRun } from './claim-run';
import { executeTestRun } from './execute-test-run';
import { failureReason } from '../../src/contract/failure-reasons';
import { encodePipelineMessage } from '../../src/contract/pipeline-messages';

/** A message with no result after this long ends in `timeout` (POSTROOM_TEST_MESSAGE_TIMEOUT_MS). */
export const DEFAULT_TEST_MESSAGE_TIMEOUT_MS = 60_000;

export interface TestRunner {
  schedule(runId: string): void;
  /** Queues the unfinished runs nobody holds, then keeps sweeping for runs whose owner died. */
  resumeUnfinished(): Promise<void>;
  /**
   * Resolves once the run in progress stopped (between two messages) and was released; with
   * `graceMs`, at most that long: past it the run is released with its message under way still
   * pending, and the next server (or another process's sweep) runs that message again.
   */
  stop(graceMs?: number): Promise<void>;
  /** Resolves when the queue is empty (tests, bench). */
  idle(): Promise<void>;
}

export function createTestRunner(deps: {
  db: Database;
  nlu: NluRuntime;
  messageTimeoutMs?: number;
  leaseMs?: number;
  log?: (error: unknown, runId: string) => void;
  /** A run given back by a stop whose grace ran out. */
  released?: (runId: string) => void;
}): TestRunner {
  const queue: string[] = [];
  let running: Promise<void> | null = null;
  let stopping = false;
  let sweeper: ReturnType<typeof setInterval> | null = null;
  let parser: MeteredParser | null = null;
  const extracted = new ResultCache();
  /** The run being executed, given back by `stop` when its message does not end within the grace. */
  let current: string | null = null;
  const timeoutMs = deps.messageTimeoutMs ?? (Number(process.env.POSTROOM_TEST_MESSAGE_TIMEOUT_MS) || DEFAULT_TEST_MESSAGE_TIMEOUT_MS);
  // Renewed after each message, and one message takes at most the timeout: twice that and a minute
  // of slack, so a live process never loses its run to another. POSTROOM_TEST_RUN_LEASE_MS shortens
  // it (the multi-process test, where a killed process's run must be taken over within seconds).
  const leaseMs = deps.leaseMs ?? (Number(process.env.POSTROOM_TEST_RUN_LEASE_MS) || 2 * timeoutMs + 60_000);
  const worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  async function drain(): Promise<void> {
    while (queue.length > 0 && !stopping) {
      const runId = queue.shift()!;
      try {
        if (!(await claimRun(deps.db, runId, worker, leaseMs))) continue; // another process runs it
        parser ??= new MeteredParser();
        current = runId;
        const end = await executeTestRun({ db: deps.db, parser, extracted, nlu: deps.nlu, messageTimeoutMs: timeoutMs, stopping: () => stopping, claim: { worker, leaseMs } }, runId);
        if (end === 'stopped') await releaseRun(deps.db, runId, worker);
      } catch (error) {
        // Cut short by the shutdown (the database or the module threads closing under it): not the
        // run's failure; its claim was or is given back and the next server goes on with it.
        if (stopping) {
          await releaseRun(deps.db, runId, worker).catch(() => undefined);
          continue;
        }
        deps.log?.(error, runId);
        await deps.db
          .update(testingRuns)
          .set({ status: 'failed', error: 'testRunFailed', errorParams: { detail: encodePipelineMessage(failureReason(error)) }, finishedAt: new Date(), claimedBy: null, leaseUntil: null })
          .where(inArray(testingRuns.id, [runId]))
          .catch(() => undefined);
      } finally {
        current = null;
      }
    }
    // The parse thread is closed when idle: test runs are occasional.
    parser?.close();
    parser = null;
    running = null;
  }

  async function sweep(): Promise<void> {
    for (const runId of await claimableRuns(deps.db)) runner.schedule(runId);
  }

  const runner: TestRunner = {
    schedule(runId) {
      if (stopping || queue.includes(runId)) return;
      queue.push(runId);
      running ??= drain();
    },
    async resumeUnfinished() {
      await sweep();
      sweeper ??= setInterval(() => void sweep().catch((error: unknown) => deps.log?.(error, '')), Math.max(1000, leaseMs / 2));
      sweeper.unref?.();
    },
    async stop(graceMs) {
      stopping = true;
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      if (graceMs === undefined || running === null) {
        await running;
        return;
      }
      let grace: NodeJS.Timeout | undefined;
      const ended = await Promise.race([running.then(() => true), new Promise<boolean>((resolve) => (grace = setTimeout(() => resolve(false), graceMs)))]);
      clearTimeout(grace);
      if (ended || current === null) return;
      // Its message under way stays pending (written only while the claim is ours: execute-test-run.ts).
      await releaseRun(deps.db, current, worker);
      deps.released?.(current);
    },
    async idle() {
      while (running) await running;
    },
  };
  return runner;
}
