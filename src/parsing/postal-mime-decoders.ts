/**
 * Faster body decoders for postal-mime 4.0 (the EML parser), installed once at import.
 *
 * Why: postal-mime hands every body line to a decoder. Its base64 decoder turns each line into a
 * string (TextDecoder), cleans it with a regular expression, splits it on padding, concatenates the
 * pieces and decodes them with a JavaScript lookup loop, then joins the pieces through a Blob. On a
 * 25 MB message with attachments that was ~75 % of the parse in Chromium's worker (profiled:
 * `update` 424 ms, the decode loop 152 ms, the regex 79 ms, GC 166 ms of ~1.1 s), and a Blob round
 * trip goes through the browser process. The decoders below read the line's bytes directly into one
 * growing buffer, with the same results: characters outside the base64 alphabet are skipped, and
 * '=' ends a quantum (some mailers pad every line), a 2- or 3-character quantum giving 1 or 2 bytes
 * and a lone character none, as postal-mime does. Quoted-printable and plain bodies skip the Blob too.
 *
 * How: postal-mime does not export its decoders, so `MimeNode.prototype.setupContentDecoder` (reached
 * through a parser's root node) is wrapped. If a postal-mime upgrade renames it, nothing is patched,
 * the library's own decoders keep working, and postal-mime-decoders.test.ts fails to say so.
 */
import PostalMime from 'postal-mime';

const PAD = 64;
const SKIP = 255;
/** Byte → its 6-bit value, PAD for '=', SKIP for anything else (line breaks, spaces, junk, 8-bit bytes). */
const LOOKUP = new Uint8Array(256).fill(SKIP);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((char, value) => (LOOKUP[char.charCodeAt(0)] = value));
LOOKUP[0x3d] = PAD;

/**
 * A growable byte buffer. It doubles for line-by-line bodies, but takes a large piece (a whole base64
 * body comes in one piece, see readLine below) at its size; and its bytes come back as a view when
 * the buffer is nearly full rather than as a copy. On a 25 MB message that was two fresh copies of
 * every attachment less: each new page of memory is written once more, which costs far more than the
 * copy itself where first touches of memory are slow (a virtual machine's page faults).
 */
class ByteSink {
  protected out = new Uint8Array(16 * 1024);
  protected length = 0;

  protected reserve(extra: number): void {
    if (this.length + extra <= this.out.length) return;
    const bigger = new Uint8Array(Math.max(this.out.length * 2, this.length + extra));
    bigger.set(this.out.subarray(0, this.length));
    this.out = bigger;
  }

  /** An exact-size copy when over an eighth of the buffer is unused (postal-mime reads views and ArrayBuffers alike). */
  protected result(): ArrayBuffer | Uint8Array {
    if (this.out.length - this.length <= this.out.length >> 3) return this.out.subarray(0, this.length);
    return this.out.buffer.slice(0, this.length) as ArrayBuffer;
  }
}

export class ByteBase64Decoder extends ByteSink {
  private bits = 0;
  private count = 0;

  update(line: Uint8Array): void {
    this.reserve(((line.length * 3) >> 2) + 3);
    const out = this.out;
    let length = this.length;
    let bits = this.bits;
    let count = this.count;
    for (let i = 0; i < line.length; i++) {
      const value = LOOKUP[line[i]!]!;
      if (value < PAD) {
        bits = (bits << 6) | value;
        if (++count === 4) {
          out[length++] = bits >> 16;
          out[length++] = (bits >> 8) & 0xff;
          out[length++] = bits & 0xff;
          bits = 0;
          count = 0;
        }
      } else if (value === PAD && count) {
        length = this.flushQuantum(out, length, bits, count);
        bits = 0;
        count = 0;
      }
    }
    this.length = length;
    this.bits = bits;
    this.count = count;
  }

  /** A quantum cut short by '=' or the end: 2 characters → 1 byte, 3 → 2 bytes, 1 → nothing. */
  private flushQuantum(out: Uint8Array, length: number, bits: number, count: number): number {
    if (count === 2) out[length++] = (bits >> 4) & 0xff;
    if (count === 3) {
      out[length++] = (bits >> 10) & 0xff;
      out[length++] = (bits >> 2) & 0xff;
    }
    return length;
  }

  finalize(): Promise<ArrayBuffer | Uint8Array> {
    this.reserve(3);
    this.length = this.flushQuantum(this.out, this.length, this.bits, this.count);
    this.bits = 0;
    this.count = 0;
    return Promise.resolve(this.result());
  }
}

/** 7bit, 8bit, binary: the lines as they are, each followed by "\n" (as postal-mime's own decoder). */
export class ByteLinesDecoder extends ByteSink {
  update(line: Uint8Array): void {
    this.reserve(line.length + 1);
    this.out.set(line, this.length);
    this.length += line.length;
    this.out[this.length++] = 0x0a;
  }

  finalize(): Promise<ArrayBuffer | Uint8Array> {
    return Promise.resolve(this.result());
  }
}

const hexNibble = (c: number): number => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1);

/**
 * Quoted-printable, byte for byte as postal-mime's own decoder (a line ending in '=' is a soft break,
 * '=' with two hex digits is a byte, any other '=' is kept as text, "\n" after every other line), but
 * into one buffer: postal-mime's joins its chunks through a Blob, which in a browser worker is a
 * round trip through the browser process for every quoted-printable part.
 */
export class ByteQuotedPrintableDecoder extends ByteSink {
  update(line: Uint8Array): void {
    let end = line.length;
    const softBreak = end > 0 && line[end - 1] === 0x3d;
    if (softBreak) end--;
    this.reserve(end + 1);
    const out = this.out;
    let length = this.length;
    for (let i = 0; i < end; i++) {
      const byte = line[i]!;
      if (byte === 0x3d && i + 2 < end) {
        const high = hexNibble(line[i + 1]!);
        const low = hexNibble(line[i + 2]!);
        if (high >= 0 && low >= 0) {
          out[length++] = (high << 4) | low;
          i += 2;
          continue;
        }
      }
      out[length++] = byte;
    }
    if (!softBreak) out[length++] = 0x0a;
    this.length = length;
  }

  finalize(): Promise<ArrayBuffer | Uint8Array> {
    return Promise.resolve(this.result());
  }
}

type MimeNodeLike = { contentDecoder: unknown; setupContentDecoder(encoding: string): void };

function install(): boolean {
  const root = (new PostalMime() as unknown as { root?: object }).root;
  const proto = root && (Object.getPrototypeOf(root) as MimeNodeLike & { __postroomDecoders?: true });
  if (!proto || typeof proto.setupContentDecoder !== 'function') return false;
  if (proto.__postroomDecoders) return true;
  proto.setupContentDecoder = function (this: MimeNodeLike, encoding: string) {
    // The same tests, in the same order, as postal-mime's own setupContentDecoder.
    if (/base64/i.test(encoding)) this.contentDecoder = new ByteBase64Decoder();
    else if (/quoted-printable/i.test(encoding)) this.contentDecoder = new ByteQuotedPrintableDecoder();
    else this.contentDecoder = new ByteLinesDecoder();
  };
  proto.__postroomDecoders = true;
  return true;
}

type ParserLike = { currentNode: { feed(line: Uint8Array): void }; processLine(line: Uint8Array, isFinal: boolean): Promise<void> | void };

/**
 * postal-mime's `processLine` is async and runs for every line; for a line that is not the last and
 * cannot be a boundary (it does not start with "--") it only feeds the line to the current part.
 * That case is taken here without creating a promise per line (≈350,000 lines in 25 MB of base64).
 */
function installLineFastPath(): boolean {
  const proto = PostalMime.prototype as unknown as ParserLike & { __postroomLines?: true };
  if (typeof proto.processLine !== 'function') return false;
  if (proto.__postroomLines) return true;
  const original = proto.processLine;
  proto.processLine = function (this: ParserLike, line: Uint8Array, isFinal: boolean) {
    if (isFinal || (line.length > 2 && line[0] === 0x2d && line[1] === 0x2d)) return original.call(this, line, isFinal);
    this.currentNode.feed(line);
  };
  proto.__postroomLines = true;
  return true;
}

type ReaderLike = {
  buf: ArrayBuffer;
  av: Uint8Array;
  readPos: number;
  currentNode: { state?: string; contentDecoder?: unknown };
  readLine(): { bytes: Uint8Array; done: boolean };
};

/**
 * Inside a base64 body, line breaks carry nothing (the decoder skips them) and only a line starting
 * with "--" can end the part. So there `readLine` hands over every line up to the next such line in
 * one piece: 25 MB of attachments become a handful of calls instead of ~350,000. Boundary lines
 * still come one by one to postal-mime's own boundary check. ('-' is not in the base64 alphabet, so
 * the search jumps from one '-' to the next.)
 */
function installBase64Runs(): boolean {
  const proto = PostalMime.prototype as unknown as ReaderLike & { __postroomRuns?: true };
  if (typeof proto.readLine !== 'function') return false;
  if (proto.__postroomRuns) return true;
  const original = proto.readLine;
  proto.readLine = function (this: ReaderLike) {
    const node = this.currentNode;
    if (node.state !== 'body' || !(node.contentDecoder instanceof ByteBase64Decoder)) return original.call(this);
    const av = this.av;
    const start = this.readPos;
    let end = av.length;
    for (let dash = av.indexOf(0x2d, start); dash !== -1; dash = av.indexOf(0x2d, dash + 1)) {
      const lineStart = dash === start || av[dash - 1] === 0x0a;
      if (lineStart && av[dash + 1] === 0x2d) {
        end = dash;
        break;
      }
    }
    // The run ends before the "--" line, or at the end of the message.
    if (end === start) return original.call(this);
    this.readPos = end;
    let last = end;
    while (last > start && (av[last - 1] === 0x0a || av[last - 1] === 0x0d)) last--;
    return { bytes: new Uint8Array(this.buf, start, last - start), done: end >= av.length };
  };
  proto.__postroomRuns = true;
  return true;
}

/** True when postal-mime's decoders were replaced (checked by the tests, so an upgrade that breaks it shows). */
export const fastDecodersInstalled = install() && installLineFastPath() && installBase64Runs();
