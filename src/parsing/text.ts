/**
 * Text files with encoding detection: a BOM wins; then strict UTF-8; else chardet's guess (it tells
 * Shift_JIS, windows-1251, ISO-8859-x… apart), decoded with TextDecoder (WHATWG labels).
 */
import './text-decoder-fix';
import chardet from 'chardet';

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

export function detectEncoding(bytes: Uint8Array): string {
  const bom = bomEncoding(bytes);
  if (bom) return bom;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    const guess = chardet.detect(bytes)?.toLowerCase();
    if (guess) {
      try {
        new TextDecoder(guess);
        return guess;
      } catch {
        // A name TextDecoder does not know: fall through.
      }
    }
    return 'windows-1252';
  }
}

export function parseText(bytes: Uint8Array): { text: string; encoding: string } {
  const encoding = detectEncoding(bytes);
  return { text: new TextDecoder(encoding).decode(bytes), encoding };
}
