/**
 * The module worker pool (ARCHITECTURE "Threads: who runs what on the server"): warm worker threads
 * that run the CPU work of the analysis modules (module-thread.ts), so the thread that answers HTTP
 * never runs work whose cost a tenant (a template, a pattern, a dictionary) or a sender (a large
 * mail) controls.
 *
 * Each task has a wall-clock deadline: past it the worker is terminated (a kill, not a flag the
 * engine checks between steps) and a fresh one started; a worker over its heap cap dies the same
 * way. Either ends that task only, with a translated reason; the other tasks carry on. Workers are
 * unref'd (they never keep the process alive) and a deadline starts only once its worker is ready.
 *
 * Variables: POSTROOM_MODULE_WORKERS (threads, default from the CPU count),
 * POSTROOM_MODULE_DEADLINE_MS (per task, default 30 s), POSTROOM_MODULE_WORKER_MEMORY_MB (heap cap
 * per thread, default 512).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { reason } from '../../src/contract/failure-reasons';
import type { NestedText } from '../../src/contract/pipeline-messages';
import type { ModuleTask, TaskAnswers, TaskRequest, TaskResponse } from './protocol';
import { THREADS, threadExecArgv } from '../../src/parsing/thread-paths.mjs';

export const DEFAULT_MODULE_DEADLINE_MS = 30_000;
export const DEFAULT_MODULE_WORKER_MEMORY_MB = 512;
/** Workers that die before they are ready this many times in a row: the queued tasks fail instead of respawning forever. */
const MAX_BOOT_FAILURES = 3;

const positive = (value: string | undefined): number | undefined => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
};

/** Read at each task, so an operator's (or a test's) value applies without a restart of the pool. */
export function moduleDeadlineMs(): number {
  return positive(process.env.POSTROOM_MODULE_DEADLINE_MS) ?? DEFAULT_MODULE_DEADLINE_MS;
}

/** `unsendable`: the task's data could not be copied to a worker (nested deeper than a copy goes); nothing ran. */
export type PoolFailureCode = 'timeout' | 'memory' | 'crashed' | 'failed' | 'closed' | 'unsendable';
export type PoolResult<T> = { ok: true; value: T } | { ok: false; code: PoolFailureCode; message: string; reason: NestedText; /** The deadline's seconds (`timeout`) or the cap's megabytes (`memory`). */ limit?: number };

type Job = { request: TaskRequest; transfer?: ArrayBuffer[]; deadlineMs: number; meter?: ModuleMeter; startedAt?: number; resolve: (result: PoolResult<unknown>) => void };

/**
 * What one analysis's module tasks cost: the time each held its worker (the modules' engines are
 * CPU-bound, so on a free core that is their CPU time), added to the run's `cpuMs` (run.ts).
 */
export interface ModuleMeter {
  ms: number;
}
type Slot = { worker: Worker; ready: boolean; job?: Job; timer?: ReturnType<typeof setTimeout> };

export interface ModulePoolOptions {
  size: number;
  memoryMb: number;
}

export class ModulePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private bootFailures = 0;
  private closed = false;
  private readonly warmWaiters: (() => void)[] = [];
  readonly size: number;
  readonly memoryMb: number;

  constructor(options: Partial<ModulePoolOptions> = {}) {
    this.size = options.size ?? positive(process.env.POSTROOM_MODULE_WORKERS) ?? Math.max(1, Math.min(4, os.cpus().length));
    this.memoryMb = options.memoryMb ?? positive(process.env.POSTROOM_MODULE_WORKER_MEMORY_MB) ?? DEFAULT_MODULE_WORKER_MEMORY_MB;
  }

  /**
   * Starts every worker now, so the first analyses do not wait for one to load its engines. Resolves
   * once each is ready (or the pool gave up starting them, or closed).
   */
  warm(): Promise<void> {
    while (!this.closed && this.slots.length < this.size) this.slots.push(this.spawnSlot());
    return new Promise((resolve) => {
      this.warmWaiters.push(resolve);
      this.settleWarmWaiters();
    });
  }

  /** Workers started and ready for a task. */
  get readyWorkers(): number {
    return this.slots.filter((slot) => slot.ready).length;
  }

  private settleWarmWaiters(): void {
    const settled = this.closed || this.bootFailures >= MAX_BOOT_FAILURES || this.slots.every((slot) => slot.ready);
    if (settled) for (const resolve of this.warmWaiters.splice(0)) resolve();
  }

  /**
   * Runs one task; never rejects. `transfer`: buffers of the task handed to the worker rather than
   * copied (the caller no longer reads them): a copy of megabytes held this thread for milliseconds.
   */
  run<K extends ModuleTask['kind']>(
    task: Extract<ModuleTask, { kind: K }>,
    options: { deadlineMs?: number; meter?: ModuleMeter; transfer?: ArrayBuffer[] } = {},
  ): Promise<PoolResult<TaskAnswers[K]>> {
    return new Promise((resolve) => {
      if (this.closed) return resolve(closedResult());
      const deadlineMs = options.deadlineMs ?? moduleDeadlineMs();
      this.queue.push({
        request: { id: this.nextId++, task },
        deadlineMs,
        ...(options.meter ? { meter: options.meter } : {}),
        ...(options.transfer ? { transfer: options.transfer } : {}),
        resolve: resolve as Job['resolve'],
      });
      this.pump();
    });
  }

  /** Stops every worker; tasks running or waiting end with `closed`. */
  close(): void {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.resolve(closedResult());
    for (const slot of this.slots.splice(0)) {
      clearTimeout(slot.timer);
      slot.job?.resolve(closedResult());
      slot.job = undefined;
      void slot.worker.terminate();
    }
    this.settleWarmWaiters();
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      if (this.slots.length < this.size) this.slots.push(this.spawnSlot());
      const slot = this.slots.find((candidate) => candidate.ready && !candidate.job);
      if (slot === undefined) return;
      const job = this.queue.shift()!;
      slot.job = job;
      job.startedAt = performance.now();
      const seconds = Math.round(job.deadlineMs / 100) / 10;
      slot.timer = setTimeout(
        () => this.fail(slot, { ok: false, code: 'timeout', message: `The module took longer than ${seconds} s and was stopped.`, reason: reason('reason.timeoutAfter', null, { seconds }), limit: seconds }),
        job.deadlineMs,
      );
      slot.timer.unref();
      try {
        slot.worker.postMessage(job.request, job.transfer ?? []);
      } catch (error) {
        const message = `The task could not be sent to a module worker: ${error instanceof Error ? error.message : String(error)}`;
        this.finish(slot, { ok: false, code: 'unsendable', message, reason: reason('reason.unexpected', message) });
      }
    }
  }

  private spawnSlot(): Slot {
    const slot = { ready: false } as Slot;
    this.attach(slot);
    return slot;
  }

  /** Gives the slot a fresh worker and listens to it; a listener of a replaced worker is ignored. */
  private attach(slot: Slot): void {
    const worker = new Worker(THREADS.module.boot, { execArgv: threadExecArgv(), resourceLimits: { maxOldGenerationSizeMb: this.memoryMb } });
    worker.unref();
    slot.worker = worker;
    slot.ready = false;
    const current = () => slot.worker === worker && this.slots.includes(slot);
    worker.on('message', (message: TaskResponse | { ready: true }) => {
      if (!current()) return;
      if ('ready' in message) {
        slot.ready = true;
        this.bootFailures = 0;
        this.pump();
        this.settleWarmWaiters();
        return;
      }
      if (slot.job?.request.id !== message.id) return;
      if (slot.job.meter) slot.job.meter.ms += message.threadMs;
      slot.job.startedAt = undefined;
      this.finish(slot, message.ok ? { ok: true, value: message.value } : { ok: false, code: 'failed', message: message.error, reason: reason('reason.unexpected', message.error) });
    });
    const died = (code: PoolFailureCode, message: string, why: NestedText, limit?: number) => {
      if (!current()) return;
      if (!slot.ready && ++this.bootFailures >= MAX_BOOT_FAILURES) {
        for (const job of this.queue.splice(0)) job.resolve({ ok: false, code: 'crashed', message, reason: why });
      }
      this.settleWarmWaiters();
      this.fail(slot, { ok: false, code, message, reason: why, ...(limit === undefined ? {} : { limit }) });
    };
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') died('memory', `The module went over the ${this.memoryMb} MB allowed and was stopped.`, reason('reason.outOfMemory'), this.memoryMb);
      else died('crashed', `The module worker stopped: ${error.message}`, reason('reason.engineStopped', error.message));
    });
    worker.on('exit', (code) => died('crashed', `The module worker stopped (exit code ${code}).`, reason('reason.engineStopped', `exit code ${code}`)));
  }

  /** Ends the slot's task with `result` and replaces its worker (it may be stuck in a loop, or dead). */
  private fail(slot: Slot, result: PoolResult<unknown>): void {
    const old = slot.worker;
    if (this.queue.length > 0 || this.bootFailures < MAX_BOOT_FAILURES) this.attach(slot);
    else this.slots.splice(this.slots.indexOf(slot), 1);
    void old.terminate();
    this.finish(slot, result);
  }

  private finish(slot: Slot, result: PoolResult<unknown>): void {
    clearTimeout(slot.timer);
    const job = slot.job;
    // A killed task is charged the time its worker spent on it.
    if (job?.meter && job.startedAt !== undefined) job.meter.ms += performance.now() - job.startedAt;
    slot.job = undefined;
    slot.timer = undefined;
    job?.resolve(result);
    this.pump();
  }
}

const closedResult = (): PoolResult<never> => ({ ok: false, code: 'closed', message: 'The module workers were stopped.', reason: reason('reason.serverStopping') });

let shared: ModulePool | undefined;

/** The process's pool, started on first use. */
export function sharedModulePool(): ModulePool {
  return (shared ??= new ModulePool());
}

/** Stops the process's pool (server shutdown); a later use starts a new one. */
export function closeSharedModulePool(): void {
  shared?.close();
  shared = undefined;
}
