/**
 * Runs the NLU test in a web worker so a big dictionary never freezes the page; where workers do not
 * exist (tests under jsdom) the same code runs in place. A run that passes the deadline terminates the
 * worker, which is started afresh next time.
 */
import type { NluWorkerRequest, NluWorkerResponse } from './nlu-worker-protocol';

const DEADLINE_MS = 20_000;
let worker: Worker | null = null;
let nextId = 1;

export async function runNluTest(request: Omit<NluWorkerRequest, 'id'>): Promise<NluWorkerResponse> {
  const id = nextId++;
  if (typeof Worker === 'undefined') {
    const { runNlu } = await import('./nlu-run');
    return runNlu({ ...request, id });
  }
  worker ??= new Worker(new URL('./nlu-worker.ts', import.meta.url), { type: 'module' });
  const current = worker;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      current.terminate();
      if (worker === current) worker = null;
      resolve({ id, ok: false, reason: 'timeout', seconds: DEADLINE_MS / 1000 });
    }, DEADLINE_MS);
    const onMessage = (event: MessageEvent<NluWorkerResponse>) => {
      if (event.data.id !== id) return;
      clearTimeout(timer);
      current.removeEventListener('message', onMessage);
      resolve(event.data);
    };
    current.addEventListener('message', onMessage);
    current.postMessage({ ...request, id });
  });
}
