/**
 * Pre-annotation on demand: one bank message run through an environment as a test run of one, waited
 * for until it ends, so the qualification screen can start from what the pipeline obtains. Once the
 * run ended, the message's latest-obtained values are that run's ("accept obtained" reads them).
 *
 * Stopping the wait (the signal, or leaving the screen) does not stop the run: the server finishes it
 * and its values still reach latest-obtained.
 */
import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, transportError } from '../../api/request';
import { getTest, launchTest, type TestRunDetail, type TestRunSummary } from '../../contract/testing-runs';
import { bankQueries } from './queries';
import { testRunQueries } from './runs/queries';

export interface RunOfOneTarget {
  projectId: string;
  environmentId: string;
  messageId: string;
  /** One of the environment's versions; null or left out: its current configuration. */
  versionId?: string | null;
}

export interface RunOfOneOptions {
  signal?: AbortSignal;
  /** Between two looks at the run; 1 s by default, as the runs list refreshes. */
  pollMs?: number;
  /** The run as launched, then at each look while it goes on. */
  onProgress?: (run: TestRunSummary) => void;
}

const ended = (run: TestRunSummary) => run.status === 'finished' || run.status === 'failed';

/** Waits `ms`, or rejects as an aborted request does when the signal aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(transportError(signal.reason, '', signal));
    const abort = () => {
      clearTimeout(timer);
      reject(transportError(signal!.reason, '', signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Launches a run of one and resolves with the run once it ended (status finished or failed): its
 * summary and its one message row (`messages[0]`: status, error, obtained values). Rejects with the
 * request layer's ApiError (an `http` one with the server's code, e.g. testMessageNotFound; an
 * `aborted` one when the signal aborts).
 */
export async function runOfOne({ projectId, environmentId, messageId, versionId = null }: RunOfOneTarget, { signal, pollMs = 1000, onProgress }: RunOfOneOptions = {}): Promise<TestRunDetail> {
  const launched = await request(launchTest, { params: { projectId }, body: { environmentId, messageId, versionId }, signal });
  onProgress?.(launched);
  for (;;) {
    await pause(pollMs, signal);
    const run = await request(getTest, { params: { projectId, testId: launched.id }, query: { offset: 0, limit: 1 }, signal });
    if (ended(run)) return run;
    onProgress?.(run);
  }
}

/**
 * The qualification screen's handle on runOfOne: `mutate`/`mutateAsync({ environmentId, messageId })`,
 * `isPending` while it runs, `data` the ended run. When a run ends, the message's latest-obtained
 * values and the runs list are read again. The wait stops when the screen unmounts.
 */
export function useRunOfOne(projectId: string, options: Pick<RunOfOneOptions, 'pollMs' | 'onProgress'> = {}) {
  const queryClient = useQueryClient();
  const waiting = useRef<AbortController | null>(null);
  useEffect(() => () => waiting.current?.abort(), []);
  return useMutation({
    mutationFn: (target: Omit<RunOfOneTarget, 'projectId'>) => {
      waiting.current?.abort();
      waiting.current = new AbortController();
      return runOfOne({ projectId, ...target }, { ...options, signal: waiting.current.signal });
    },
    onSuccess: (_run, { messageId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bankQueries.latestObtained(projectId, messageId).queryKey }),
        queryClient.invalidateQueries({ queryKey: testRunQueries.all() }),
      ]),
  });
}
