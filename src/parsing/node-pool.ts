/**
 * A parse pool on Node worker threads. Each worker has a heap cap so a runaway parser ends in an
 * error for its file instead of taking the whole process down.
 */
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { ParsePool, type PoolOptions, type WorkerHandle } from './pool';
import type { WorkerMessage } from './protocol';
import { THREADS, threadExecArgv } from './thread-paths.mjs';

/** A parse worker thread from `boot`, with its heap cap; unref'd, so it never keeps the process alive. */
export function startNodeWorker(boot: URL = THREADS.parse.boot): Worker {
  const worker = new Worker(boot, { execArgv: threadExecArgv(), resourceLimits: { maxOldGenerationSizeMb: 768 } });
  worker.unref();
  return worker;
}

/** What the pool needs of a Node worker: post, listen (a crash or a non-zero exit is a failure), stop. */
export function nodeWorkerHandle(worker: Worker): WorkerHandle {
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

const spawnNodeWorker = (): WorkerHandle => nodeWorkerHandle(startNodeWorker());

export function createNodeParsePool(options: Partial<PoolOptions> = {}): ParsePool {
  return new ParsePool(spawnNodeWorker, { size: options.size ?? Math.max(1, Math.min(2, os.cpus().length)), deadlineMs: options.deadlineMs, ahead: options.ahead });
}
