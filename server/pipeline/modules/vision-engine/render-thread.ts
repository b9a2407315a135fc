/**
 * The vision engine's PDF renderer thread: pages of one PDF → PNGs (server/ocr/render-pdf.ts), off
 * the server's main thread, so rendering a document's pages never holds up the API or the lease
 * renewals of other analyses. One thread per document, ended when done or past its deadline
 * (render-in-thread.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { failureReason } from '../../../../src/contract/failure-reasons';
import type { NestedText } from '../../../../src/contract/pipeline-messages';
import { renderPdfPage } from '../../../ocr/render-pdf';

export interface RenderRequest {
  pdf: Uint8Array;
  pages: number[];
  dpi: number;
}

/** One message per page, in order, then `done`; `error` stops the document (later pages are not rendered). */
export type RenderMessage = { kind: 'page'; page: number; png: Uint8Array } | { kind: 'error'; page: number; message: string; reason: NestedText } | { kind: 'done' };

async function render({ pdf, pages, dpi }: RenderRequest) {
  for (const page of pages) {
    try {
      const { png } = await renderPdfPage(pdf, page, dpi);
      parentPort!.postMessage({ kind: 'page', page, png } satisfies RenderMessage, [png.buffer as ArrayBuffer]);
    } catch (error) {
      parentPort!.postMessage({ kind: 'error', page, message: error instanceof Error ? error.message : String(error), reason: failureReason(error) } satisfies RenderMessage);
      return;
    }
  }
  parentPort!.postMessage({ kind: 'done' } satisfies RenderMessage);
}

void render(workerData as RenderRequest);
