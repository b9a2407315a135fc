/**
 * Renders pages of one PDF in the process's OCR threads (server/ocr/ocr-pool.ts, which render a page
 * without reading it), one page after the other, within a deadline for the whole document: the pages
 * rendered before an error or the deadline are kept, and the reason comes back for the trace. A page
 * past the deadline has its thread terminated (and replaced). Never rejects.
 */
import { performance } from 'node:perf_hooks';
import { reason } from '../../../../src/contract/failure-reasons';
import type { NestedText } from '../../../../src/contract/pipeline-messages';
import { sharedOcrPool, type OcrPool } from '../../../ocr/ocr-pool';

/** Time for all the pages of one document (pdf.js and canvas, and loading them in a new thread). */
export const RENDER_DEADLINE_MS = 60_000;

export interface RenderedPages {
  pngs: { page: number; png: Uint8Array }[];
  /** Why the rest was not rendered (English `message` for logs, translated `reason` for the trace); null when every page was. */
  problem: { page: number; message: string; reason: NestedText } | null;
}

export async function renderPdfPagesInThread(
  pdf: Uint8Array,
  pages: readonly number[],
  dpi: number,
  deadlineMs = RENDER_DEADLINE_MS,
  pool: Pick<OcrPool, 'renderPage'> = sharedOcrPool(),
): Promise<RenderedPages> {
  const started = performance.now();
  const seconds = deadlineMs / 1000;
  const late = (page: number): RenderedPages['problem'] => ({ page, message: `rendering took longer than ${seconds} s`, reason: reason('reason.timeoutAfter', null, { seconds }) });
  const pngs: RenderedPages['pngs'] = [];
  for (const page of pages) {
    const left = deadlineMs - (performance.now() - started);
    if (left <= 0) return { pngs, problem: late(page) };
    const rendered = await pool.renderPage(pdf, page, dpi, left);
    if (!rendered.ok) return { pngs, problem: rendered.code === 'timeout' ? late(page) : { page, message: rendered.message, reason: rendered.reason } };
    pngs.push({ page, png: rendered.png });
  }
  return { pngs, problem: null };
}
