/**
 * Work over a sender's bytes that the HTTP thread cannot hand to a worker without paying as much again
 * (copying 50 MB into a worker, or into WebCrypto's digest, blocks as long as hashing it): done a
 * slice at a time, giving the event loop a turn between slices. An upload of the §5 maximum (50 MB)
 * then costs every other organisation's request a wait of one slice (about a millisecond), not of the
 * whole file (40 ms to hash, 40 ms to join its parts on a 2-core server, each).
 */
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** About a millisecond of hashing or copying on a server core. */
export const SLICE_BYTES = 1024 * 1024;

/** The SHA-256 of `parts` (bytes, then any text, in order) as hex, one slice per turn of the event loop. */
export async function sha256InSlices(...parts: (Uint8Array | string)[]): Promise<string> {
  const hash = createHash('sha256');
  let sinceTurn = 0;
  for (const part of parts) {
    if (typeof part === 'string') {
      hash.update(part);
      continue;
    }
    for (let start = 0; start < part.byteLength; start += SLICE_BYTES) {
      if (sinceTurn >= SLICE_BYTES) {
        await nextTurn();
        sinceTurn = 0;
      }
      const slice = part.subarray(start, start + SLICE_BYTES);
      hash.update(slice);
      sinceTurn += slice.byteLength;
    }
  }
  return hash.digest('hex');
}

/** `Buffer.concat(chunks)`, copied a slice at a time (a 64 KiB chunk is never split). */
export async function concatInSlices(chunks: readonly Uint8Array[]): Promise<Buffer> {
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  if (size <= SLICE_BYTES) return Buffer.concat(chunks);
  const joined = Buffer.allocUnsafe(size);
  let at = 0;
  let sinceTurn = 0;
  for (const chunk of chunks) {
    if (sinceTurn >= SLICE_BYTES) {
      await nextTurn();
      sinceTurn = 0;
    }
    joined.set(chunk, at);
    at += chunk.byteLength;
    sinceTurn += chunk.byteLength;
  }
  return joined;
}
