/**
 * RFC 2047 encoded words (`=?UTF-8?Q?R=C3=A9clamation?=`, `=?ISO-8859-1?B?…?=`) in header values,
 * decoded for the headers list of the model (the extractor's headers, the output, webhooks). Adjacent
 * encoded words separated only by white space are joined, as the RFC says.
 */
import './text-decoder-fix';

function decodeWord(charset: string, encoding: string, text: string): string | null {
  let bytes: Uint8Array;
  if (encoding.toUpperCase() === 'B') {
    try {
      bytes = Uint8Array.from(atob(text.replace(/[^A-Za-z0-9+/=]/g, '')), (char) => char.charCodeAt(0));
    } catch {
      return null;
    }
  } else {
    const raw = text.replace(/_/g, ' ');
    const out: number[] = [];
    for (let i = 0; i < raw.length; i++) {
      if (raw[i] === '=' && /^[0-9a-f]{2}$/i.test(raw.slice(i + 1, i + 3))) {
        out.push(parseInt(raw.slice(i + 1, i + 3), 16));
        i += 2;
      } else out.push(raw.charCodeAt(i) & 0xff);
    }
    bytes = Uint8Array.from(out);
  }
  try {
    // RFC 2231 language suffix: "utf-8*fr".
    return new TextDecoder(charset.split('*')[0]!.trim().toLowerCase()).decode(bytes);
  } catch {
    return null;
  }
}

export function decodeEncodedWords(value: string): string {
  if (!value.includes('=?')) return value;
  return value
    .replace(/(=\?[^?\s]+\?[bq]\?[^?\s]*\?=)\s+(?==\?[^?\s]+\?[bq]\?[^?\s]*\?=)/gi, '$1')
    .replace(/=\?([^?\s]+)\?([bq])\?([^?\s]*)\?=/gi, (whole, charset: string, encoding: string, text: string) => decodeWord(charset, encoding, text) ?? whole);
}
