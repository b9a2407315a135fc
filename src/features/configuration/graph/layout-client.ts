/**
 * Lays the graph out in a web worker, so the page stays responsive while dagre works (seconds at
 * 2,000 nodes); where workers do not exist (tests under jsdom) the same code runs in place. A layout
 * that passes the deadline terminates the worker.
 */
import type { LayoutInput } from './layout';
import type { LayoutResponse } from './layout-worker-protocol';

const DEADLINE_MS = 60_000;
let nextId = 1;

export async function layoutInWorker(input: LayoutInput, signal?: AbortSignal): Promise<LayoutResponse> {
  const id = nextId++;
  if (typeof Worker === 'undefined') {
    const { layoutGraph } = await import('./layout');
    const start = performance.now();
    try {
      return { id, ok: true, positions: layoutGraph(input), ms: performance.now() - start };
    } catch (error) {
      return { id, ok: false, reason: 'engine', message: error instanceof Error ? error.message : String(error) };
    }
  }
  // One worker per layout: a new snapshot or filter makes the previous layout useless, and aborting
  // it means terminating its worker.
  const worker = new Worker(new URL('./layout-worker.ts', import.meta.url), { type: 'module' });
  return new Promise((resolve) => {
    const finish = (response: LayoutResponse) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.terminate();
      resolve(response);
    };
    const timer = setTimeout(() => finish({ id, ok: false, reason: 'timeout', seconds: DEADLINE_MS / 1000 }), DEADLINE_MS);
    const onAbort = () => finish({ id, ok: false, reason: 'aborted' });
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<LayoutResponse>) => finish(event.data);
    worker.onerror = (event) => finish({ id, ok: false, reason: 'engine', message: event.message });
    worker.postMessage({ ...input, id });
  });
}
