/**
 * Work over a sender's bytes that stays on the HTTP thread — joining an upload's parts, hashing a file
 * for storage, the copy a worker is given — done a slice at a time, with a turn of the event loop
 * between slices. (Handing the hash to another thread does not help: WebCrypto's digest first copies
 * its input, which takes as long as hashing it.) An upload of the §5 maximum (50 MB) then costs every
 * other organisation's request a wait of one slice, about a millisecond, instead of 40 ms per pass.
 *
 * A large upload is joined into shared memory, and the database thread answers large bytes in shared
 * memory too: handed on (to the database, to the parse thread) such bytes are shared, not copied, so
 * the HTTP thread neither copies them again nor allocates memory whose growth makes its garbage
 * collector stop it (external memory counts towards V8's collection triggers). Nobody writes to
 * bytes once they are shared; a thread that needs its own copy makes it itself.
 */
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** About a millisecond of hashing or copying on a server core. */
export const SLICE_BYTES = 1024 * 1024;

/** The bytes of `chunks` in order, in slices of at most SLICE_BYTES, with a turn of the event loop between two. */
async function* inSlices(chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  let sinceTurn = 0;
  for (const chunk of chunks) {
    for (let start = 0; start < chunk.byteLength; start += SLICE_BYTES) {
      if (sinceTurn >= SLICE_BYTES) {
        await nextTurn();
        sinceTurn = 0;
      }
      const slice = chunk.subarray(start, start + SLICE_BYTES);
      sinceTurn += slice.byteLength;
      yield slice;
    }
  }
}

/** The SHA-256 of `bytes`, then of any `texts`, as hex. */
export async function sha256InSlices(bytes: Uint8Array, ...texts: string[]): Promise<string> {
  const hash = createHash('sha256');
  for await (const slice of inSlices([bytes])) hash.update(slice);
  for (const text of texts) hash.update(text);
  return hash.digest('hex');
}

async function copyInto(target: Uint8Array, chunks: readonly Uint8Array[]): Promise<void> {
  let at = 0;
  for await (const slice of inSlices(chunks)) {
    target.set(slice, at);
    at += slice.byteLength;
  }
}

/** Whether `bytes` lie in shared memory: posted to another thread they are shared, not copied. */
export function inSharedMemory(bytes: Uint8Array): boolean {
  return bytes.buffer instanceof SharedArrayBuffer;
}

/** `Buffer.concat(chunks)`; past a slice, in shared memory. */
export async function concatInSlices(chunks: readonly Uint8Array[]): Promise<Buffer> {
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  if (size <= SLICE_BYTES) return Buffer.concat(chunks);
  const joined = Buffer.from(new SharedArrayBuffer(size));
  await copyInto(joined, chunks);
  return joined;
}

/** A copy of `bytes` in memory of its own, which may be moved to another thread. */
export async function copyInSlices(bytes: Uint8Array): Promise<Uint8Array> {
  const copy = new Uint8Array(bytes.byteLength);
  await copyInto(copy, [bytes]);
  return copy;
}

/**
 * Bytes that may be handed to another thread while the caller keeps using its own: shared bytes as
 * they are, others copied (a slice at a time) into memory of their own, which may be moved.
 */
export async function forAnotherThread(bytes: Uint8Array): Promise<Uint8Array> {
  return inSharedMemory(bytes) ? bytes : copyInSlices(bytes);
}
