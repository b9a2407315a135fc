/// <reference lib="webworker" />
/**
 * The files viewer's analysis worker: one file through the shared extractor and the environment's
 * modules (src/analyses/local-analysis.ts), off the page's main thread. The parsers run here, in this
 * worker, which the page terminates past its deadline (file-analysis-client.ts), set up as the parse
 * pool's workers are (src/parsing/worker-setup.ts).
 */
import { analyseLocally } from '../../analyses/local-analysis';
import { inPlaceParser } from '../../extractor/local-services';
import type { Parser } from '../../extractor/extract-context';
import { readyToRead } from '../../parsing/worker-setup';
import type { FileAnalysisRequest, FileAnalysisResponse } from './file-analysis-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const parser: Parser = {
  async parse(name, bytes) {
    await readyToRead(name, bytes);
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
