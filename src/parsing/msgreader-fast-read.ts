/**
 * A faster stream read for msgreader (the MSG parser), installed once at import.
 *
 * Why: msgreader reads a stream of 4 KB or more one 512-byte block at a time, each through a fresh
 * Uint8Array copied out of the file and then copied again into the result. On a 20 MB message that
 * was the parse's main cost (Node: `readUint8Array` + `memcpy` + `readProperty` ~45 % of the profile;
 * Chromium's worker: ~0.6 s of ~0.9 s, as each small ArrayBuffer there is a costlier allocation that
 * also drives the garbage collector). Here each run of consecutive blocks is copied from the file to
 * the result once, with the same chain, the same positions (the stream's own clamped seek) and the
 * same RangeError where a block lies past the end of the file.
 *
 * How: `Reader.prototype.readProperty` is wrapped for big-block streams only; small-block streams
 * (under 4 KB, the mini stream) keep msgreader's code. If an upgrade renames it, nothing is patched
 * and msgreader-fast-read.test.ts fails to say so.
 */
import { Reader } from '@kenjiuno/msgreader/lib/Reader';

const BIG_BLOCK_MIN_DOC_SIZE = 0x1000;

type Stream = { buffer: ArrayBuffer; byteOffset: number; position: number; seek(position: number): void };
type Field = { sizeBlock?: number; startBlock: number };
type ReaderLike = {
  ds: Stream;
  bigBlockSize: number;
  getBlockOffsetAt(block: number): number;
  getNextBlock(block: number): number;
  readProperty(field: Field): Uint8Array;
};

const proto = Reader.prototype as unknown as ReaderLike & { __postroomFastRead?: true };
/** msgreader's own read, kept for the streams it still reads and for the tests' comparison. */
export const originalReadProperty: ReaderLike['readProperty'] = proto.readProperty;

/** A big-block stream, copied a run of consecutive blocks at a time. */
export function readBigStream(reader: ReaderLike, field: Field & { sizeBlock: number }): Uint8Array {
  const stream = reader.ds;
  const file = new Uint8Array(stream.buffer);
  const result = new Uint8Array(field.sizeBlock);
  const blockSize = reader.bigBlockSize;
  let block = field.startBlock;
  let remaining = field.sizeBlock;
  let position = 0;
  // The pending run: where it starts in the file, and how many bytes it holds so far.
  let runStart = 0;
  let runLength = 0;
  const flush = () => {
    if (runStart + runLength > file.length) throw new RangeError('Invalid typed array length');
    result.set(file.subarray(runStart, runStart + runLength), position - runLength);
  };
  while (remaining >= 1) {
    stream.seek(reader.getBlockOffsetAt(block));
    const at = stream.byteOffset + stream.position;
    const size = Math.min(remaining, blockSize);
    if (runLength > 0 && at !== runStart + runLength) {
      flush();
      runLength = 0;
    }
    if (runLength === 0) runStart = at;
    runLength += size;
    position += size;
    remaining -= size;
    stream.position += size;
    block = reader.getNextBlock(block);
  }
  if (runLength > 0) flush();
  return result;
}

function install(): boolean {
  if (typeof proto.readProperty !== 'function' || typeof proto.getBlockOffsetAt !== 'function' || typeof proto.getNextBlock !== 'function') return false;
  if (proto.__postroomFastRead) return true;
  proto.readProperty = function (this: ReaderLike, field: Field) {
    if (!field.sizeBlock || field.sizeBlock < BIG_BLOCK_MIN_DOC_SIZE) return originalReadProperty.call(this, field);
    return readBigStream(this, field as Field & { sizeBlock: number });
  };
  proto.__postroomFastRead = true;
  return true;
}

/** True when msgreader's stream read was replaced (checked by the tests, so an upgrade that breaks it shows). */
export const fastReadInstalled = install();
