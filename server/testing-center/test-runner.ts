/**
 * The test runs of one server process: launched runs wait in a queue and run one after the other
 * (a test run is background work beside the production pipeline, never ahead of it: one message at a
 * time, so production analyses keep their workers). Started with the app; at start it resumes the
 * runs a stopped server left unfinished; on stop, the run in progress stops between two messages.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/open';
import { testingRuns } from '../db/schema-testing-runs';
import { MeteredParser } from '../pipeline/extractor/metered-parser';
import type { NluRuntime } from '../nlu/runtime';
import { executeTestRun } from './execute-test-run';

/** A message with no result after this long ends in `timeout` (POSTROOM_TEST_MESSAGE_TIMEOUT_MS). */
export const DEFAULT_TEST_MESSAGE_TIMEOUT_MS = 60_000;

export interface TestRunner {
  schedule(runId: string): void;
  resumeUnfinished(): Promise<void>;
  /** Resolves once the run in progress stopped (between two messages). */
  stop(): Promise<void>;
  /** Resolves when the queue is empty (tests, bench). */
  idle(): Promise<void>;
}

export function createTestRunner(deps: { db: Database; nlu: NluRuntime; messageTimeoutMs?: number; log?: (error: unknown, runId: string) => void }): TestRunner {
  const queue: string[] = [];
  let running: Promise<void> | null = null;
  let stopping = false;
  let parser: MeteredParser | null = null;
  const timeoutMs = deps.messageTimeoutMs ?? (Number(process.env.POSTROOM_TEST_MESSAGE_TIMEOUT_MS) || DEFAULT_TEST_MESSAGE_TIMEOUT_MS);

  async function drain(): Promise<void> {
    while (queue.length > 0 && !stopping) {
      const runId = queue.shift()!;
      parser ??= new MeteredParser();
      try {
        await executeTestRun({ db: deps.db, parser, nlu: deps.nlu, messageTimeoutMs: timeoutMs, stopping: () => stopping }, runId);
      } catch (error) {
        deps.log?.(error, runId);
        await deps.db
          .update(testingRuns)
          .set({ status: 'failed', error: 'testRunFailed', errorParams: { detail: error instanceof Error ? error.message : String(error) }, finishedAt: new Date() })
          .where(inArray(testingRuns.id, [runId]))
          .catch(() => undefined);
      }
    }
    // The parse thread is closed when idle: test runs are occasional.
    parser?.close();
    parser = null;
    running = null;
  }

  const runner: TestRunner = {
    schedule(runId) {
      if (stopping || queue.includes(runId)) return;
      queue.push(runId);
      running ??= drain();
    },
    async resumeUnfinished() {
      const rows = await deps.db.select({ id: testingRuns.id, createdAt: testingRuns.createdAt }).from(testingRuns).where(inArray(testingRuns.status, ['queued', 'running']));
      for (const row of rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) runner.schedule(row.id);
    },
    async stop() {
      stopping = true;
      await running;
    },
    async idle() {
      while (running) await running;
    },
  };
  return runner;
}
