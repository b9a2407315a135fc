/**
 * One NLU test run: compile (kept while the configuration is the same object) and analyse. The
 * worker runs this; so do tests and browsers without workers.
 */
import type { NluResult } from '../../../contract/modules/nlu';
import { analyseText, compileNlu } from './engine';
import type { NluWorkerRequest, NluWorkerResponse } from './nlu-worker-protocol';

let cache: { key: string; compiled: ReturnType<typeof compileNlu> } | null = null;

export function runNlu(request: NluWorkerRequest): NluWorkerResponse {
  try {
    const key = JSON.stringify([request.source, request.compile]);
    if (cache?.key !== key) cache = { key, compiled: compileNlu(request.source, request.compile) };
    const { engine, errors } = cache.compiled;
    const result: NluResult = engine
      ? analyseText(engine, request.text, request.options)
      : { language: request.options.language === 'auto' ? (request.options.candidates?.[0] ?? 'fr') : request.options.language, interactions: [], labels: [] };
    return { id: request.id, ok: true, result, errors };
  } catch (error) {
    return { id: request.id, ok: false, reason: 'runtime', message: error instanceof Error ? error.message : String(error) };
  }
}
