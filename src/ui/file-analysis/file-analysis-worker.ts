/// <reference lib="webworker" />
/**
 * The files viewer's analysis worker: one file through the shared extractor and the environment's
 * modules (src/analyses/local-analysis.ts), off the page's main thread. The parsers run here, in this
 * worker, which the page terminates past its deadline (file-analysis-client.ts); pdf.js gets its own
 * nested worker port, as in the parse worker.
 */
import { Buffer } from 'buffer';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { analyseLocally } from '../../analyses/local-analysis';
import { inPlaceParser } from '../../extractor/local-services';
import type { Parser } from '../../extractor/extract-context';
import { detectKind } from '../../parsing/detect';
import type { FileAnalysisRequest, FileAnalysisResponse } from './file-analysis-protocol';

// msgreader's iconv-lite and rtf-stream-parser expect a global Buffer.
(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;

const scope = self as unknown as DedicatedWorkerGlobalScope;
let pdfPortReady: Promise<void> | undefined;

async function preparePdf(): Promise<void> {
  const { GlobalWorkerOptions } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  GlobalWorkerOptions.workerPort ??= new Worker(pdfWorkerUrl, { type: 'module' });
}

const parser: Parser = {
  async parse(name, bytes) {
    if (detectKind(name, bytes) === 'pdf') await (pdfPortReady ??= preparePdf());
    return inPlaceParser.parse(name, bytes);
  },
};

scope.onmessage = async (event: MessageEvent<FileAnalysisRequest>) => {
  const { name, contentType, bytes, settings, lists } = event.data;
  const started = performance.now();
  let response: FileAnalysisResponse;
  try {
    response = { ok: true, analysis: await analyseLocally({ name, contentType, bytes }, settings, lists, parser), ms: performance.now() - started };
  } catch (error) {
    response = { ok: false, reason: 'runtime', message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
