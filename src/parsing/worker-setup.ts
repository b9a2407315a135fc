/// <reference lib="webworker" />
/**
 * What a web worker that runs the parsers needs (the parse pool's workers, the files viewer's analysis
 * worker): a global Buffer, and pdf.js's own nested worker port before a PDF is read (else pdf.js falls
 * back to a "fake worker" that takes over this worker's postMessage), created for the first PDF only,
 * so a worker that reads mail starts fast.
 */
import { Buffer } from 'buffer';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { detectKind } from './detect';

// msgreader's iconv-lite and rtf-stream-parser expect a global Buffer.
(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;

let pdfPortReady: Promise<void> | undefined;

async function preparePdf(): Promise<void> {
  const { GlobalWorkerOptions } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  GlobalWorkerOptions.workerPort ??= new Worker(pdfWorkerUrl, { type: 'module' });
}

/** Resolves once this worker can read the file (a PDF: pdf.js's port made). */
export async function readyToRead(name: string, bytes: Uint8Array): Promise<void> {
  if (detectKind(name, bytes) === 'pdf') await (pdfPortReady ??= preparePdf());
}
