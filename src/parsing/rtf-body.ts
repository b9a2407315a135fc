/**
 * The body of an RTF-only .msg: decompress PidTagRtfCompressed (rtf-decompress.ts) and, when the
 * RTF encapsulates HTML (\fromhtml1) or text (\fromtext), de-encapsulate it (rtf-stream-parser, with
 * iconv-lite for the ANSI code pages RTF uses).
 */
import { Buffer } from 'buffer';
import { deEncapsulateSync } from 'rtf-stream-parser';
import iconv from 'iconv-lite';
import { decompressRtf } from './rtf-decompress';

export function rtfToBody(compressed: Uint8Array): { mode: 'html' | 'text'; text: string } | undefined {
  // The tokenizer console.warns on every bad hex digit of a damaged body; keep the console clean.
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    const decompressed = decompressRtf(compressed);
    if (!decompressed) return undefined;
    const rtf = Buffer.from(decompressed.buffer, decompressed.byteOffset, decompressed.byteLength);
    if (!/\\from(html|text)/.test(rtf.subarray(0, 2048).toString('latin1'))) return undefined;
    const result = deEncapsulateSync(rtf, {
      decode: (buffer, encoding) => iconv.decode(buffer, encoding),
      encode: (text, encoding) => iconv.encode(text, encoding),
      outputMode: 'string',
      warn: () => undefined,
      allowCp0: true,
    });
    return { mode: result.mode, text: String(result.text) };
  } catch {
    return undefined;
  } finally {
    console.warn = warn;
  }
}
