/** The console's parse pool: module web workers, at most two (the page must stay responsive). */
import { ParsePool, type WorkerHandle } from './pool';

function spawnBrowserWorker(): WorkerHandle {
  const worker = new Worker(new URL('./browser-worker.ts', import.meta.url), { type: 'module' });
  return {
    post: (request, transfer) => worker.postMessage(request, transfer),
    listen(onMessage, onFailure) {
      worker.onmessage = (event) => onMessage(event.data);
      worker.onerror = (event) => onFailure(event.message || 'worker error');
    },
    terminate: () => worker.terminate(),
  };
}

export function createBrowserParsePool(deadlineMs?: number): ParsePool {
  const size = Math.max(1, Math.min(2, (navigator.hardwareConcurrency || 2) - 1));
  return new ParsePool(spawnBrowserWorker, { size, deadlineMs, ahead: true });
}
