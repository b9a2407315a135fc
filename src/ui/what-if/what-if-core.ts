/**
 * The what-if worker's work, apart from the worker so tests (and browsers without workers) run it in
 * place: read the run and the NLU lists, replay the baseline, propose, and try changes.
 */
import { z } from 'zod';
import { archetypeSchema, contextSchema, interactionFunctionSchema, interactionSchema, serverSchema } from '../../contract/nlu';
import { testReplaySchema } from '../../contract/testing-runs';
import type { ReplayNluLists } from '../../testing-center/replay-setup';
import { WhatIfSession } from '../../testing-center/what-if-session';
import { NLU_LISTS, type NluListName, type PreparedGet, type WhatIfRequest, type WhatIfResponse, type WhatIfStage } from './what-if-protocol';

/** The NLU list endpoints' answers (src/contract/nlu.ts `crud`: an array of the item's view). */
const LIST_SCHEMAS: Record<NluListName, z.ZodType> = {
  archetypes: z.array(archetypeSchema),
  contexts: z.array(contextSchema),
  interactions: z.array(interactionSchema),
  functions: z.array(interactionFunctionSchema),
  servers: z.array(serverSchema),
};

class HttpRefusal extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

async function read<T>(call: PreparedGet, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(call.url, { headers: call.headers, credentials: 'same-origin' });
  if (!response.ok) throw new HttpRefusal(response.status);
  return schema.parse(await response.json());
}

/**
 * Progress at most every 1 % and every 100 ms: a message per replayed mail would cost more than the
 * replay, and each report renders the page again on the main thread.
 */
function reporter(post: (message: WhatIfResponse) => void, id: number, stage: WhatIfStage) {
  let last = -1;
  let lastAt = -Infinity;
  return (done: number, total: number) => {
    const step = Math.floor((done * 100) / Math.max(1, total));
    const now = performance.now();
    if (done !== total && (step === last || now - lastAt < 100)) return;
    last = step;
    lastAt = now;
    post({ id, type: 'progress', stage, done, total });
  };
}

export function whatIfHandler(post: (message: WhatIfResponse) => void): (request: WhatIfRequest) => Promise<void> {
  let session: WhatIfSession | null = null;
  return async (request) => {
    const started = performance.now();
    const { id } = request;
    try {
      if (request.type === 'load') {
        post({ id, type: 'progress', stage: 'download', done: 0, total: 1 });
        const [replay, lists] = await Promise.all([
          read(request.replay, testReplaySchema),
          Promise.all(NLU_LISTS.map(async (name) => [name, await read(request.nlu[name], LIST_SCHEMAS[name])] as const)),
        ]);
        session = new WhatIfSession(replay, Object.fromEntries(lists) as unknown as ReplayNluLists);
        const baseline = session.baseline(reporter(post, id, 'baseline'));
        const proposals = session.proposals(reporter(post, id, 'proposals'));
        post({ id, type: 'loaded', baseline, proposals, ms: performance.now() - started });
        return;
      }
      if (session === null) {
        post({ id, type: 'failed', reason: 'notLoaded', message: 'Nothing loaded yet' });
        return;
      }
      const comparison = session.evaluate(request.change, reporter(post, id, 'evaluate'));
      post({ id, type: 'evaluated', comparison, ms: performance.now() - started });
    } catch (error) {
      if (error instanceof HttpRefusal) post({ id, type: 'failed', reason: 'http', status: error.status });
      else post({ id, type: 'failed', reason: error instanceof z.ZodError ? 'invalid' : 'runtime', message: error instanceof Error ? error.message : String(error) });
    }
  };
}
