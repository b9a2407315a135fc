/**
 * The page's side of the files viewer's analysis: one worker per analysis, given its own copy of the
 * file, terminated when the answer comes, when the user starts another, or past the deadline (a file
 * whose parse or rules never end must not keep a core busy).
 */
import type { FileAnalysisRequest, FileAnalysisResponse } from './file-analysis-protocol';

/** A mail with its attachments, parsed and analysed on a slow machine, takes a few seconds. */
export const FILE_ANALYSIS_DEADLINE_MS = 60_000;

export type FileAnalysisOutcome = FileAnalysisResponse | { ok: false; reason: 'timeout' | 'crashed' | 'cancelled'; message?: string };

export interface RunningAnalysis {
  result: Promise<FileAnalysisOutcome>;
  cancel(): void;
}

export function analyseInWorker(request: FileAnalysisRequest, deadlineMs = FILE_ANALYSIS_DEADLINE_MS): RunningAnalysis {
  const worker = new Worker(new URL('./file-analysis-worker.ts', import.meta.url), { type: 'module' });
  let settle: (outcome: FileAnalysisOutcome) => void = () => {};
  const result = new Promise<FileAnalysisOutcome>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    settle = (outcome) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(outcome);
      settle = () => {};
    };
    timer = setTimeout(() => settle({ ok: false, reason: 'timeout' }), deadlineMs);
    worker.onmessage = (event: MessageEvent<FileAnalysisResponse>) => settle(event.data);
    worker.onerror = (event) => settle({ ok: false, reason: 'crashed', message: event.message });
  });
  const copy = request.bytes.slice();
  worker.postMessage({ ...request, bytes: copy }, [copy.buffer]);
  return { result, cancel: () => settle({ ok: false, reason: 'cancelled' }) };
}
