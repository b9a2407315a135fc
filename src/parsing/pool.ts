/**
 * A small pool of parse workers with a deadline per file. A parse that runs past the deadline, or
 * whose worker dies (out of memory, crash), ends in a clear error for that file: its worker is
 * terminated and replaced while the other files carry on. Works with browser web workers and Node
 * worker threads through the WorkerHandle adapter.
 */
import type { ParseRequest, ParseResponse, WorkerMessage } from './protocol';
import type { ParseOptions } from './parse-file';
import { ownBuffer } from './own-buffer';

export const DEFAULT_DEADLINE_MS = 10_000;

export interface WorkerHandle {
  post(request: ParseRequest, transfer: ArrayBuffer[]): void;
  /** Registers the listeners; `onFailure` is called when the worker itself dies. */
  listen(onMessage: (message: WorkerMessage) => void, onFailure: (reason: string) => void): void;
  terminate(): void;
}

type Job = {
  request: ParseRequest;
  onProgress?: (progress: number) => void;
  resolve: (response: ParseResponse) => void;
};

/** `next`: a job already handed to the worker, which starts it (and its deadline) once `job` is answered. */
type Slot = { worker: WorkerHandle; job?: Job; next?: Job; timer?: ReturnType<typeof setTimeout> };

/**
 * `ahead`: each busy worker is also handed the next waiting file, so it starts on it as soon as it
 * answers instead of after its answer has reached the page and the page has sent another file (a page
 * busy drawing the previous results kept its one worker idle almost half the time opening a folder of
 * 43 mails). The worker must answer in turn (`inTurn` in protocol.ts).
 */
export type PoolOptions = { size: number; deadlineMs?: number; ahead?: boolean };

export class ParsePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private readonly deadlineMs: number;

  constructor(
    private readonly spawn: () => WorkerHandle,
    private readonly options: PoolOptions,
  ) {
    this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  }

  /**
   * Parses one file; never rejects: failures come back as `{ ok: false, error }`. A Blob (a picked
   * File) is read by the worker itself, so the page neither copies nor transfers its bytes.
   */
  parse(name: string, bytes: Uint8Array | Blob, onProgress?: (progress: number) => void, options?: ParseOptions): Promise<ParseResponse> {
    return new Promise((resolve) => {
      this.queue.push({ request: { id: this.nextId++, name, bytes, ...(options ? { options } : {}) }, onProgress, resolve });
      this.pump();
    });
  }

  /**
   * Starts the workers before the first file comes, so opening one does not wait for a worker to
   * load its code (~50 ms in Chromium). Idle workers cost memory only.
   */
  warm(): void {
    while (this.slots.length < this.options.size) this.addSlot();
  }

  /** Stops every worker; pending files end with a 'crashed' error. */
  close(): void {
    for (const slot of this.slots) {
      if (slot.next) this.queue.unshift(slot.next);
      slot.next = undefined;
      this.finish(slot, undefined, 'The viewer was closed.');
    }
    for (const job of this.queue.splice(0)) job.resolve({ id: job.request.id, type: 'result', ok: false, error: { code: 'crashed', message: 'The viewer was closed.' } });
    for (const slot of this.slots.splice(0)) slot.worker.terminate();
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((candidate) => !candidate.job);
      if (!slot && this.slots.length < this.options.size) slot = this.addSlot();
      if (!slot && this.options.ahead) slot = this.slots.find((candidate) => !candidate.next);
      if (!slot) return;
      const job = this.queue.shift()!;
      if (slot.job) slot.next = job;
      else this.start(slot, job);
      const bytes = job.request.bytes;
      const whole = bytes instanceof Uint8Array ? ownBuffer(bytes) : null;
      slot.worker.post(job.request, whole ? [whole] : []);
    }
  }

  /** The slot's worker is on `job` from now: its deadline runs. */
  private start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.timer = setTimeout(() => this.fail(slot, 'timeout', `Parsing took longer than ${this.deadlineMs / 1000} s and was stopped.`), this.deadlineMs);
  }

  private addSlot(): Slot {
    const slot: Slot = { worker: this.spawn() };
    this.listen(slot);
    this.slots.push(slot);
    return slot;
  }

  private listen(slot: Slot): void {
    const worker = slot.worker;
    worker.listen(
      (message) => {
        if (slot.worker !== worker || !slot.job || message.id !== slot.job.request.id) return;
        if (message.type === 'progress') slot.job.onProgress?.(message.progress);
        else this.finish(slot, message);
      },
      (reason) => {
        if (slot.worker === worker) this.fail(slot, 'crashed', `The parser stopped: ${reason}`);
      },
    );
  }

  /**
   * Ends the slot's job with an error and replaces its worker (which may be stuck in a loop). The job
   * handed ahead to that worker goes back to the head of the queue, for the new worker.
   */
  private fail(slot: Slot, code: 'timeout' | 'crashed', message: string): void {
    const job = slot.job;
    slot.worker.terminate();
    slot.worker = this.spawn();
    this.listen(slot);
    if (slot.next) this.queue.unshift(slot.next);
    slot.next = undefined;
    if (job) this.finish(slot, { id: job.request.id, type: 'result', ok: false, error: { code, message } });
    else this.pump();
  }

  private finish(slot: Slot, response: ParseResponse | undefined, closing?: string): void {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    if (slot.next) {
      this.start(slot, slot.next);
      slot.next = undefined;
    }
    if (job) job.resolve(response ?? { id: job.request.id, type: 'result', ok: false, error: { code: 'crashed', message: closing ?? '' } });
    if (!closing) this.pump();
  }
}
