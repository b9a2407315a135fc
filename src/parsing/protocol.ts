/** Messages between a parse pool and its workers (browser web workers or Node worker threads). */
import type { ParseErrorInfo } from './errors';
import { toErrorInfo } from './errors';
import type { ParsedFile } from './model';
import { parseFile, type ParseOptions } from './parse-file';

/** `bytes` may be a Blob (a picked File in the browser), read by the worker. */
export type ParseRequest = { id: number; name: string; bytes: Uint8Array | Blob; options?: ParseOptions };
export type ParseProgress = { id: number; type: 'progress'; progress: number };
/**
 * `input`: the file's bytes as the worker read them from a picked file (`handBack`), transferred back
 * with the answer so the page has them without reading a copy of its own.
 */
export type ParseSuccess = { id: number; type: 'result'; ok: true; model: ParsedFile; blobs: Uint8Array[]; input?: Uint8Array };
export type ParseFailure = { id: number; type: 'result'; ok: false; error: ParseErrorInfo; input?: Uint8Array };
export type ParseResponse = ParseSuccess | ParseFailure;
export type WorkerMessage = ParseProgress | ParseResponse;

/**
 * What a worker does with one request; the answer's buffers are listed once for transfer. With
 * `handBack`, the bytes parsed go back too (unless a parser took them: a detached buffer is empty).
 */
export async function answer(
  request: ParseRequest,
  post: (message: WorkerMessage, transfer: ArrayBuffer[]) => void,
  { handBack = false }: { handBack?: boolean } = {},
): Promise<void> {
  let bytes: Uint8Array | undefined;
  const input = () => (handBack && bytes?.byteLength ? { input: bytes } : {});
  const buffers = (views: Uint8Array[]) => [...new Set(views.map((view) => view.buffer as ArrayBuffer))];
  try {
    bytes = request.bytes instanceof Uint8Array ? request.bytes : new Uint8Array(await request.bytes.arrayBuffer());
    const { model, blobs } = await parseFile(
      request.name,
      bytes,
      (progress) => post({ id: request.id, type: 'progress', progress }, []),
      request.options,
    );
    const message = { id: request.id, type: 'result', ok: true, model, blobs, ...input() } as const;
    post(message, buffers([...blobs, ...(message.input ? [message.input] : [])]));
  } catch (error) {
    const message = { id: request.id, type: 'result', ok: false, error: toErrorInfo(error), ...input() } as const;
    post(message, buffers(message.input ? [message.input] : []));
  }
}

/**
 * A worker's message handler that takes requests one after another, in the order they came: a pool
 * may hand a worker its next file while it parses one (`ahead` in pool.ts), and two parses interleaved
 * on one thread would each run against the other's deadline.
 */
export function inTurn<T>(handle: (request: T) => Promise<void>): (request: T) => void {
  let turn = Promise.resolve();
  return (request) => {
    turn = turn.then(() => handle(request)).catch(() => undefined);
  };
}
