/** Messages between a parse pool and its workers (browser web workers or Node worker threads). */
import type { ParseErrorInfo } from './errors';
import { toErrorInfo } from './errors';
import type { ParsedFile } from './model';
import { parseFile, type ParseOptions } from './parse-file';

/** `bytes` may be a Blob (a picked File in the browser), read by the worker. */
export type ParseRequest = { id: number; name: string; bytes: Uint8Array | Blob; options?: ParseOptions };
export type ParseProgress = { id: number; type: 'progress'; progress: number };
export type ParseSuccess = { id: number; type: 'result'; ok: true; model: ParsedFile; blobs: Uint8Array[] };
export type ParseFailure = { id: number; type: 'result'; ok: false; error: ParseErrorInfo };
export type ParseResponse = ParseSuccess | ParseFailure;
export type WorkerMessage = ParseProgress | ParseResponse;

/** What a worker does with one request; the answer's buffers are listed once for transfer. */
export async function answer(
  request: ParseRequest,
  post: (message: WorkerMessage, transfer: ArrayBuffer[]) => void,
): Promise<void> {
  try {
    const bytes = request.bytes instanceof Uint8Array ? request.bytes : new Uint8Array(await request.bytes.arrayBuffer());
    const { model, blobs } = await parseFile(
      request.name,
      bytes,
      (progress) => post({ id: request.id, type: 'progress', progress }, []),
      request.options,
    );
    const buffers = [...new Set(blobs.map((blob) => blob.buffer as ArrayBuffer))];
    post({ id: request.id, type: 'result', ok: true, model, blobs }, buffers);
  } catch (error) {
    post({ id: request.id, type: 'result', ok: false, error: toErrorInfo(error) }, []);
  }
}
