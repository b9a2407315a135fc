/**
 * The body of an RTF-only .msg: decompress PidTagRtfCompressed (rtf-decompress.ts) and, when the
 * RTF encapsulates HTML (\fromhtml1) or text (\fromtext), de-encapsulate it (rtf-stream-parser, with
 * iconv-lite for the ANSI code pages RTF uses).
 */
import { Buffer } from 'buffer';
import { deEncapsulateSync } from 'rtf-stream-parser';
import iconv from 'iconv-lite';
import { decompressRtf } from './rtf-decompress';

/**
 * Windows' ANSI code pages (and the DOS ones) read bytes below 0x80 as ASCII: a run of them, most of
 * an HTML body's text, is read without iconv, which the tokenizer otherwise calls once per text token.
 */
const ASCII_COMPATIBLE = new Set([437, 850, 874, 932, 936, 949, 950, 1250, 1251, 1252, 1253, 1254, 1255, 1256, 1257, 1258].map((page) => `cp${page}`));
/** Code pages iconv-lite knows under another name; one it does not know at all is read as Windows-1252. */
const ALIASES: Record<string, string> = { cp10000: 'macintosh' };

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}

/** The text of RTF bytes in the code page the document (or its font) names, as `cpNNNN`. */
export function decodeCodePage(bytes: Buffer, encoding: string): string {
  if (ASCII_COMPATIBLE.has(encoding) && isAscii(bytes)) return bytes.toString('latin1');
  const known = ALIASES[encoding] ?? encoding;
  return iconv.decode(bytes, iconv.encodingExists(known) ? known : 'cp1252');
}

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
      decode: decodeCodePage,
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
