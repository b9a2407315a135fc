/**
 * The what-if page's state: one worker for the page's life, loaded once (the run's messages replayed
 * on its configuration, the proposals read from its errors), then each change tried on demand; every
 * step reports its progress. A refused call is asked again through the request layer, which renews
 * the session or says why in the reader's language.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { request } from '../../api/request';
import { getTestReplay } from '../../contract/testing-runs';
import type { WhatIfChange } from '../../testing-center/what-if-change';
import type { WhatIfComparison } from '../../testing-center/what-if';
import { loadCalls, WhatIfClient, type Failed, type Loaded } from './what-if-client';
import type { WhatIfStage } from './what-if-protocol';
import { afterNextPaint } from '../yield-to-browser';

export type Progress = { stage: WhatIfStage; done: number; total: number };

export type LoadState = { phase: 'loading'; progress: Progress | null } | { phase: 'failed'; message: string } | { phase: 'ready'; loaded: Loaded };

export type Trial = { phase: 'running'; progress: Progress | null } | { phase: 'done'; comparison: WhatIfComparison; ms: number } | { phase: 'failed'; message: string };

/** A change's key among the trials. */
export const changeKey = (change: WhatIfChange) => JSON.stringify(change);

export function useWhatIf(projectId: string, testId: string, envId: string | null) {
  const client = useRef<WhatIfClient | null>(null);
  const [load, setLoad] = useState<LoadState>({ phase: 'loading', progress: null });
  const [trials, setTrials] = useState<Record<string, Trial>>({});
  const [attempt, setAttempt] = useState(0);

  const failure = useCallback(
    async (failed: Failed): Promise<string> => {
      if (failed.reason !== 'http') return failed.message;
      try {
        await request(getTestReplay, { params: { projectId, testId } });
        return '';
      } catch (error) {
        return errorMessage(error);
      }
    },
    [projectId, testId],
  );

  useEffect(() => {
    // Not asked (yet, or any more): nothing loaded, so no trial starts on a run's stale state.
    setLoad({ phase: 'loading', progress: null });
    setTrials({});
    if (envId === null) return;
    const current = new WhatIfClient();
    client.current = current;
    let live = true;
    void (async () => {
      const answer = await current.load(await loadCalls(projectId, testId, envId), (stage, done, total) => live && setLoad({ phase: 'loading', progress: { stage, done, total } }));
      if (!live) return;
      // A transition: React renders the tens of proposal cards in slices that yield to the browser,
      // rather than in one task holding the main thread.
      if (answer.type === 'loaded') startTransition(() => setLoad({ phase: 'ready', loaded: answer }));
      else setLoad({ phase: 'failed', message: await failure(answer) });
    })().catch((error: unknown) => live && setLoad({ phase: 'failed', message: errorMessage(error) }));
    return () => {
      live = false;
      current.dispose();
    };
  }, [projectId, testId, envId, attempt, failure]);

  const tryChange = useCallback(
    async (change: WhatIfChange) => {
      const key = changeKey(change);
      const set = (trial: Trial) => setTrials((all) => ({ ...all, [key]: trial }));
      set({ phase: 'running', progress: null });
      // The worker starts once the running state is on screen: its evaluation takes a core, and on
      // a two-core machine the click's rendering would otherwise wait for one, several times longer.
      await afterNextPaint();
      const answer = await client.current!.evaluate(change, (stage, done, total) => set({ phase: 'running', progress: { stage, done, total } }));
      const trial: Trial = answer.type === 'evaluated' ? { phase: 'done', comparison: answer.comparison, ms: answer.ms } : { phase: 'failed', message: await failure(answer) };
      startTransition(() => set(trial));
    },
    [failure],
  );

  return { load, trials, tryChange, retry: () => setAttempt((value) => value + 1) };
}
