/**
 * Web-worker entry of the parse pool in the console. pdf.js gets its own nested worker port (else it
 * falls back to a "fake worker" that takes over this worker's postMessage), created only for PDFs;
 * pdf.js itself is imported only then too, so a worker that reads mail starts fast.
 */
import { Buffer } from 'buffer';
import { answer, type ParseRequest } from './protocol';
import { detectKind } from './detect';
import { warmUpParser } from './warm-up';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

// msgreader's iconv-lite and rtf-stream-parser expect a global Buffer.
(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;

const scope = self as unknown as DedicatedWorkerGlobalScope;
let pdfPortReady: Promise<void> | undefined;

async function preparePdf(): Promise<void> {
  const { GlobalWorkerOptions } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  GlobalWorkerOptions.workerPort ??= new Worker(pdfWorkerUrl, { type: 'module' });
}

let requested = false;

scope.onmessage = async (event: MessageEvent<ParseRequest>) => {
  requested = true;
  const request = event.data;
  if (request.bytes instanceof Blob) request.bytes = new Uint8Array(await request.bytes.arrayBuffer());
  if (detectKind(request.name, request.bytes) === 'pdf') await (pdfPortReady ??= preparePdf());
  void answer(request, (message, transfer) => scope.postMessage(message, transfer));
};

// Once loaded, while no file has come yet: the parser's first run, on a small sample (warm-up.ts).
setTimeout(() => {
  if (!requested) void warmUpParser();
}, 0);
