/**
 * Web-worker entry of the parse pool in the console. pdf.js gets its own nested worker port (else it
 * falls back to a "fake worker" that takes over this worker's postMessage), created only for PDFs.
 */
import { Buffer } from 'buffer';
import { GlobalWorkerOptions } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { answer, type ParseRequest } from './protocol';
import { detectKind } from './detect';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

// msgreader's iconv-lite and rtf-stream-parser expect a global Buffer.
(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ParseRequest>) => {
  const request = event.data;
  if (!GlobalWorkerOptions.workerPort && detectKind(request.name, request.bytes) === 'pdf') {
    GlobalWorkerOptions.workerPort = new Worker(pdfWorkerUrl, { type: 'module' });
  }
  void answer(request, (message, transfer) => scope.postMessage(message, transfer));
};
