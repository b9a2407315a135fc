/**
 * PidTagRtfCompressed → RTF bytes ([MS-OXRTFCP] 2.1.3.1, "LZFu"), on typed arrays. The reference
 * decompressor (@kenjiuno/decompressrtf, msgreader's) grows a plain number[] one byte at a time and
 * wants one as input: it took about half of an RTF-only mail's parse. This one writes into a
 * Uint8Array sized from the header, and reads no further than the bytes it was given, so a header
 * claiming gigabytes cannot make it produce them.
 */

const COMPRESSED = 0x75465a4c; // "LZFu"
const UNCOMPRESSED = 0x414c454d; // "MELA"
const HEADER = 16;
const WINDOW = 4096;
/** The dictionary every compressed stream starts from: its first 207 bytes, fixed by the format. */
const PRELOAD = new TextEncoder().encode(
  '{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript \\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\\colortbl\\red0\\green0\\blue0\r\n\\par \\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx',
);
/** A control byte and its eight tokens (17 bytes at most) give at most 8 × 17 bytes of output. */
const MAX_EXPANSION = 8;

function uint32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

/** The RTF, or undefined when the stream is neither compressed nor stored (or shorter than its header). */
export function decompressRtf(input: Uint8Array): Uint8Array | undefined {
  if (input.length < HEADER) return undefined;
  const compressedSize = uint32(input, 0);
  const rawSize = uint32(input, 4);
  const type = uint32(input, 8);
  if (type === UNCOMPRESSED) return input.subarray(HEADER, Math.min(input.length, HEADER + rawSize));
  if (type !== COMPRESSED) return undefined;

  // The output holds the preset dictionary, then the RTF: a position in it, modulo 4096, is the
  // position in the format's circular dictionary, so references read the output itself.
  const end = Math.min(input.length, compressedSize + 4);
  let output = new Uint8Array(PRELOAD.length + Math.min(rawSize, (end - HEADER) * MAX_EXPANSION));
  output.set(PRELOAD);
  let out = PRELOAD.length;
  let at = HEADER;
  const room = (more: number) => {
    if (out + more <= output.length) return;
    const grown = new Uint8Array(Math.max(output.length * 2, out + more));
    grown.set(output.subarray(0, out));
    output = grown;
  };
  stream: while (at < end) {
    const control = input[at++]!;
    for (let bit = 0; bit < 8 && at < end; bit++) {
      if ((control & (1 << bit)) === 0) {
        room(1);
        output[out++] = input[at++]!;
        continue;
      }
      if (at + 1 >= end) break stream;
      const token = (input[at]! << 8) | input[at + 1]!;
      at += 2;
      let from = (out & ~(WINDOW - 1)) + (token >> 4);
      // A reference to the write position itself ends the stream.
      if (from === out) break stream;
      if (from > out) from -= WINDOW;
      const length = (token & 15) + 2;
      room(length);
      // Byte by byte: a reference may overlap what it writes (a run), and a position before the
      // start of the output is the dictionary's initial zeros.
      for (let i = 0; i < length; i++, from++) output[out++] = from < 0 ? 0 : output[from]!;
    }
  }
  return output.subarray(PRELOAD.length, out);
}
