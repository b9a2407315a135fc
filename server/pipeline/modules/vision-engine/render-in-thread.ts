/**
 * Renders pages of one PDF in a worker thread (render-thread.ts) with a deadline: the pages rendered
 * before an error or the deadline are kept, and the reason comes back for the trace. Never rejects.
 */
import { Worker } from 'node:worker_threads';
import { failureReason, reason } from '../../../../src/contract/failure-reasons';
import type { NestedText } from '../../../../src/contract/pipeline-messages';
import type { RenderMessage, RenderRequest } from './render-thread';

const BOOT = new URL('./render-thread-boot.mjs', import.meta.url);

/** Time for all the pages of one document (thread start, pdf.js, canvas). */
export const RENDER_DEADLINE_MS = 60_000;

export interface RenderedPages {
  pngs: { page: number; png: Uint8Array }[];
  /** Why the rest was not rendered (English `message` for logs, translated `reason` for the trace); null when every page was. */
  problem: { page: number; message: string; reason: NestedText } | null;
}

export function renderPdfPagesInThread(pdf: Uint8Array, pages: readonly number[], dpi: number, deadlineMs = RENDER_DEADLINE_MS): Promise<RenderedPages> {
  return new Promise((resolve) => {
    const pngs: RenderedPages['pngs'] = [];
    // A copy: its buffer is transferred to the thread (pdf.js also refuses a Buffer).
    const copy = new Uint8Array(pdf);
    const request: RenderRequest = { pdf: copy, pages: [...pages], dpi };
    const worker = new Worker(BOOT, { workerData: request, transferList: [copy.buffer as ArrayBuffer], resourceLimits: { maxOldGenerationSizeMb: 512 } });
    let settled = false;
    const end = (problem: RenderedPages['problem']) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve({ pngs, problem });
    };
    const next = () => pages[pngs.length] ?? pages[0] ?? 1;
    const timer = setTimeout(() => end({ page: next(), message: `rendering took longer than ${deadlineMs / 1000} s`, reason: reason('reason.timeoutAfter', null, { seconds: deadlineMs / 1000 }) }), deadlineMs);
    worker.on('message', (message: RenderMessage) => {
      if (message.kind === 'page') pngs.push({ page: message.page, png: message.png });
      else if (message.kind === 'error') end({ page: message.page, message: message.message, reason: message.reason });
      else end(null);
    });
    worker.on('error', (error) => end({ page: next(), message: error.message, reason: failureReason(error) }));
    worker.on('exit', (code) => end(code === 0 ? null : { page: next(), message: `the renderer stopped (exit code ${code})`, reason: reason('reason.engineStopped', `exit code ${code}`) }));
  });
}
