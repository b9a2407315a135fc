/**
 * A parse pool on Node worker threads. Each worker has a heap cap so a runaway parser ends in an
 * error for its file instead of taking the whole process down.
 */
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { ParsePool, type PoolOptions, type WorkerHandle } from './pool';
import type { WorkerMessage } from './protocol';

function spawnNodeWorker(): WorkerHandle {
  const worker = new Worker(new URL('./node-worker-boot.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: 768 },
  });
  worker.unref();
  return {
    post: (request, transfer) => worker.postMessage(request, transfer),
    listen(onMessage, onFailure) {
      worker.on('message', (message: WorkerMessage) => onMessage(message));
      worker.on('error', (error) => onFailure(error.message));
      worker.on('exit', (code) => code !== 0 && onFailure(`exit code ${code}`));
    },
    terminate: () => void worker.terminate(),
  };
}

export function createNodeParsePool(options: Partial<PoolOptions> = {}): ParsePool {
  return new ParsePool(spawnNodeWorker, { size: options.size ?? Math.max(1, Math.min(2, os.cpus().length)), deadlineMs: options.deadlineMs });
}
