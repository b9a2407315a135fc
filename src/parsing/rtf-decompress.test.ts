import MsgReader from '@kenjiuno/msgreader';
// msgreader's own decompressor, the reference this one must agree with (installed with msgreader).
import { decompressRTF as referenceDecompress } from '@kenjiuno/decompressrtf';
import { describe, expect, it } from 'vitest';
import { decompressRtf } from './rtf-decompress';
import { fixture, fixtureNames } from './test-support/fixtures';

const bytes = (hex: string) => new Uint8Array(hex.split(/\s+/).filter(Boolean).map((pair) => parseInt(pair, 16)));
const text = (data: Uint8Array | undefined) => new TextDecoder('latin1').decode(data);

/** A compressed stream's header (sizes, "LZFu", a CRC nobody checks) before its body. */
function stream(body: number[], rawSize = 0, type = 0x75465a4c): Uint8Array {
  const out = new Uint8Array(16 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length + 12, true);
  view.setUint32(4, rawSize, true);
  view.setUint32(8, type, true);
  out.set(body, 16);
  return out;
}

describe('compressed RTF', () => {
  // The two examples of [MS-OXRTFCP] 3.1: literals and references to the preset dictionary, then a
  // reference overlapping what it writes (a run).
  it('decompresses the format specification examples', () => {
    const simple = bytes('2d 00 00 00 2b 00 00 00 4c 5a 46 75 f1 c5 c7 a7 03 00 0a 00 72 63 70 67 31 32 35 42 32 0a f3 20 68 65 6c 09 00 20 62 77 05 b0 6c 64 7d 0a 80 0f a0');
    expect(text(decompressRtf(simple))).toBe('{\\rtf1\\ansi\\ansicpg1252\\pard hello world}\r\n');
    const run = bytes('1a 00 00 00 1c 00 00 00 4c 5a 46 75 e2 d4 4b 51 41 00 04 20 57 58 59 5a 0d 6e 7d 01 0e b0');
    expect(text(decompressRtf(run))).toBe('{\\rtf1 WXYZWXYZWXYZWXYZWXYZ}');
  });

  it('gives the bytes of an uncompressed ("MELA") stream and refuses an unknown one', () => {
    const body = Array.from(new TextEncoder().encode('{\\rtf1 plain}'));
    expect(text(decompressRtf(stream(body, body.length, 0x414c454d)))).toBe('{\\rtf1 plain}');
    expect(decompressRtf(stream(body, body.length, 0x12345678))).toBeUndefined();
    expect(decompressRtf(new Uint8Array(8))).toBeUndefined();
  });

  it('agrees with the reference decompressor on every RTF body of the fixture mails', () => {
    let compared = 0;
    for (const name of fixtureNames('msg')) {
      const bytes = fixture(`msg/${name}`);
      const compressed = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)).getFileData().compressedRtf;
      if (!compressed) continue;
      expect(Buffer.from(decompressRtf(compressed)!).equals(Buffer.from(referenceDecompress(Array.from(compressed)))), name).toBe(true);
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('agrees with the reference on random streams, references before the start of the output included', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) & 255;
    for (let round = 0; round < 200; round++) {
      // Whole runs: a control byte, then a literal byte or a two-byte reference per bit.
      const body: number[] = [];
      for (let group = 0, groups = 1 + (random() % 64); group < groups; group++) {
        const control = random();
        body.push(control);
        for (let bit = 0; bit < 8; bit++) body.push(...((control >> bit) & 1 ? [random(), random()] : [random()]));
      }
      const input = stream(body, body.length * 8);
      expect(Buffer.from(decompressRtf(input)!).equals(Buffer.from(referenceDecompress(Array.from(input)))), `round ${round}`).toBe(true);
    }
  });

  it('does not believe a header that claims more than the stream holds', () => {
    // 2 GiB claimed, 4 bytes given: the reference would loop two billion times writing zeros.
    const hostile = stream([0, 0x41, 0x42, 0x43], 0x7fffffff);
    new DataView(hostile.buffer).setUint32(0, 0x7fffffff, true);
    expect(text(decompressRtf(hostile))).toBe('ABC');
  });
});
