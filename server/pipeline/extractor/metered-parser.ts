/**
 * The shared parsers (src/parsing) on one worker thread of its own, with the viewer's deadline, and a
 * meter of the CPU time that thread spends.
 *
 * Why a thread per pipeline worker: Node 20 has no per-thread CPU clock (process.threadCpuUsage
 * arrives in Node 23.9) and process.cpuUsage() counts every thread of the process, so with two
 * pipeline workers and HTTP requests it would charge an analysis for its neighbours' work. A parse
 * thread that only ever runs this worker's files spends CPU only on them. On Linux we read that
 * thread's own scheduler clock (/proc/self/task/<tid>/schedstat, nanoseconds on CPU; the thread
 * reports its tid when it starts): exact even when the machine is oversubscribed. Elsewhere, its
 * event-loop active time (worker.performance.eventLoopUtilization), which also counts time the thread
 * was ready but not scheduled, so it overstates CPU on a busy machine. When the thread dies mid-file
 * (deadline, crash) we charge the wall time of that file: it was spinning all along.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { nodeWorkerHandle, startNodeWorker } from '../../../src/parsing/node-pool';
import { forAnotherThread } from '../../bytes-in-slices';
import { ParsePool, type WorkerHandle } from '../../../src/parsing/pool';
import type { ParseResponse } from '../../../src/parsing/protocol';
import type { Parser } from '../../../src/extractor/extract-context';

const BOOT = new URL('./parse-worker-boot.mjs', import.meta.url);

/** Nanoseconds the OS thread spent on CPU, or null where /proc does not tell. */
function threadCpuMs(tid: number | null): number | null {
  if (tid === null) return null;
  try {
    return Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * The server's parse deadline per file: three times the viewer's, because a pipeline worker shares a
 * busy machine (two cores, OCR threads, other workers) and a slow parse there is not a hostile file.
 * POSTROOM_PARSE_DEADLINE_MS changes it.
 */
export const SERVER_PARSE_DEADLINE_MS = 30_000;

export type { Parser } from '../../../src/extractor/extract-context';

export class MeteredParser implements Parser {
  private readonly pool: ParsePool;
  private worker: Worker | undefined;
  private tid: number | null = null;
  private activeMs = 0;

  constructor(deadlineMs?: number) {
    this.pool = new ParsePool(() => this.spawn(), { size: 1, deadlineMs: deadlineMs ?? (Number(process.env.POSTROOM_PARSE_DEADLINE_MS) || SERVER_PARSE_DEADLINE_MS) });
  }

  async parse(name: string, bytes: Uint8Array): Promise<ParseResponse> {
    const before = this.worker;
    const mark = before?.performance.eventLoopUtilization();
    const cpuMark = threadCpuMs(this.tid);
    const started = performance.now();
    // The pool transfers the buffer it is given: hand it bytes the caller's own stay usable beside
    // (bytes-in-slices.ts: shared as they are, else a copy made a slice at a time, not bytes.slice(),
    // which on a Buffer that is a view of a shared pool would be detached).
    const response = await this.pool.parse(name, await forAnotherThread(bytes));
    const wall = performance.now() - started;
    const after = this.worker;
    const cpuNow = before === after ? threadCpuMs(this.tid) : null;
    if (cpuMark !== null && cpuNow !== null) {
      this.activeMs += cpuNow - cpuMark;
    } else if (before !== undefined && before === after && mark !== undefined) {
      this.activeMs += after.performance.eventLoopUtilization(mark).active;
    } else {
      // A thread started for this file (call warmUp first to keep its start-up out) or replaced
      // after a deadline or crash: the wall time is the honest figure.
      this.activeMs += wall;
    }
    return response;
  }

  /** CPU milliseconds of the parse thread since the last reset. */
  meter(): { parseCpuMs: number } {
    return { parseCpuMs: this.activeMs };
  }

  resetMeter(): void {
    this.activeMs = 0;
  }

  close(): void {
    this.pool.close();
  }

  /** Loads the parsers in the thread now, so the first analysis does not pay for it. */
  async warmUp(): Promise<void> {
    await this.pool.parse('warm-up.txt', new TextEncoder().encode('warm up'));
    this.resetMeter();
  }

  private spawn(): WorkerHandle {
    const worker = startNodeWorker(BOOT);
    this.worker = worker;
    this.tid = null;
    worker.on('message', (message: { type?: string; tid?: number | null }) => {
      if (message.type === 'thread' && worker === this.worker) this.tid = message.tid ?? null;
    });
    return nodeWorkerHandle(worker);
  }
}
