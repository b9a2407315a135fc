/**
 * The server's OCR pool: a few worker threads (ocr-thread.ts), one page at a time each, with a
 * deadline per page. A page past its deadline, or whose thread dies, ends in an error for that page
 * only: the thread is terminated and replaced (tesseract.js cannot be interrupted otherwise).
 * The deadline is generous (a busy machine with two cores shared by every worker) and set by
 * POSTROOM_OCR_PAGE_DEADLINE_MS. The same threads render PDF pages without reading them for the
 * vision engine (`renderPage`): a thread loads pdf.js and canvas once, where a thread started per
 * document spent a second or more of CPU loading them for each.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { failureReason, reason } from '../../src/contract/failure-reasons';
import type { NestedText } from '../../src/contract/pipeline-messages';
import type { OcrPage } from '../../src/ocr/model';
import type { OcrRequest, OcrResponse } from './ocr-thread';
import { THREADS, threadExecArgv } from '../../src/parsing/thread-paths.mjs';

export const DEFAULT_OCR_DEADLINE_MS = 60_000;

/**
 * `threadMs`: how long the page held its OCR thread, what the analysis is charged for it (metered-ocr.ts).
 * A failure's `message` is English (logs); `reason` is what a user reads (src/contract/failure-reasons.ts).
 */
type Failure = { ok: false; code: 'timeout' | 'failed'; message: string; reason: NestedText };
export type OcrResult = ({ ok: true; page: OcrPage; image?: Uint8Array } | Failure) & { threadMs?: number };
/** A rendered page (PNG) or why not; `threadMs` as for OCR. */
export type RenderResult = ({ ok: true; png: Uint8Array } | Failure) & { threadMs?: number };
/** What a job ends with: the thread's answer, or why there is none. */
type Answer = Extract<OcrResponse, { ok: true }> | Failure;
/** A thread's answer to another kind of request than the one asked (the types allow it; the thread does not). */
const OTHER_ANSWER: Failure = { ok: false, code: 'failed', message: 'The OCR thread answered another kind of request.', reason: reason('reason.unexpected') };
type Job = { request: OcrRequest; deadlineMs: number; settle: (answer: Answer, threadMs: number) => void; startedAt?: number };
type Slot = { worker: Worker; job?: Job; timer?: ReturnType<typeof setTimeout> };

export class OcrPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;

  constructor(
    private readonly size = Math.max(1, Math.min(2, os.cpus().length - 1)),
    readonly deadlineMs = Number(process.env.POSTROOM_OCR_PAGE_DEADLINE_MS) || DEFAULT_OCR_DEADLINE_MS,
  ) {}

  /** Reads a picture (PNG, JPEG…), or page `pdfPage` of a PDF rendered at `dpi`. Never rejects. */
  recognize(image: Uint8Array, options: { pdfPage?: number; dpi?: number; keepImage?: boolean } = {}): Promise<OcrResult> {
    return new Promise((resolve) => {
      this.enqueue(options, image, this.deadlineMs, (answer, threadMs) => {
        if (answer.ok && 'page' in answer) resolve({ ok: true, page: answer.page, ...(answer.image ? { image: answer.image } : {}), threadMs });
        else resolve({ ...(answer.ok ? OTHER_ANSWER : answer), threadMs });
      });
    });
  }

  /** Page `pdfPage` of a PDF as a PNG at `dpi`, not read; `deadlineMs` from when a thread takes it. Never rejects. */
  renderPage(pdf: Uint8Array, pdfPage: number, dpi: number, deadlineMs = this.deadlineMs): Promise<RenderResult> {
    return new Promise((resolve) => {
      this.enqueue({ pdfPage, dpi, renderOnly: true }, pdf, deadlineMs, (answer, threadMs) => {
        if (answer.ok && 'rendered' in answer) resolve({ ok: true, png: answer.rendered, threadMs });
        else resolve({ ...(answer.ok ? OTHER_ANSWER : answer), threadMs });
      });
    });
  }

  private enqueue(options: Omit<OcrRequest, 'id' | 'image'>, image: Uint8Array, deadlineMs: number, settle: Job['settle']): void {
    // A copy (Buffer.slice would be a view): its buffer is transferred to the thread.
    this.queue.push({ request: { id: this.nextId++, image: new Uint8Array(image), ...options }, deadlineMs, settle });
    this.pump();
  }

  close(): void {
    const closed = { ok: false, code: 'failed', message: 'The OCR pool was closed.', reason: reason('reason.serverStopping') } as const;
    for (const job of this.queue.splice(0)) job.settle(closed, 0);
    for (const slot of this.slots.splice(0)) {
      clearTimeout(slot.timer);
      slot.job?.settle(closed, 0);
      void slot.worker.terminate();
    }
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((candidate) => !candidate.job);
      if (!slot && this.slots.length < this.size) {
        slot = { worker: this.spawn() };
        this.slots.push(slot);
      }
      if (!slot) return;
      const job = this.queue.shift()!;
      const busy = slot;
      busy.job = job;
      job.startedAt = performance.now();
      const seconds = job.deadlineMs / 1000;
      const what = job.request.renderOnly ? 'Rendering' : 'OCR';
      busy.timer = setTimeout(() => this.fail(busy, 'timeout', `${what} of the page took longer than ${seconds} s and was stopped.`, reason('reason.timeoutAfter', null, { seconds })), job.deadlineMs);
      busy.worker.postMessage(job.request, [job.request.image.buffer as ArrayBuffer]);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(THREADS.OCR.boot, { execArgv: threadExecArgv(), resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    worker.unref();
    worker.on('message', (response: OcrResponse) => {
      const slot = this.slots.find((candidate) => candidate.worker === worker);
      if (!slot?.job || slot.job.request.id !== response.id) return;
      this.finish(slot, response.ok ? response : { ok: false, code: 'failed', message: response.message, reason: response.reason });
    });
    const died = (what: string, why: NestedText) => {
      const slot = this.slots.find((candidate) => candidate.worker === worker);
      if (slot) this.fail(slot, 'failed', `The OCR engine stopped: ${what}`, why);
    };
    worker.on('error', (error) => died(error.message, failureReason(error)));
    worker.on('exit', (code) => code !== 0 && died(`exit code ${code}`, reason('reason.engineStopped', `exit code ${code}`)));
    return worker;
  }

  private fail(slot: Slot, code: 'timeout' | 'failed', message: string, why: NestedText): void {
    const old = slot.worker;
    slot.worker = this.spawn();
    void old.terminate();
    this.finish(slot, { ok: false, code, message, reason: why });
  }

  private finish(slot: Slot, answer: Answer): void {
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = undefined;
    slot.timer = undefined;
    job?.settle(answer, job.startedAt === undefined ? 0 : performance.now() - job.startedAt);
    this.pump();
  }
}

let shared: OcrPool | undefined;
/** The process's pool, started on first use (its threads load the engine only when a page comes). */
export function sharedOcrPool(): OcrPool {
  return (shared ??= new OcrPool());
}
