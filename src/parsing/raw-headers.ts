/** Splits a raw RFC 5322 header block into name/value pairs, unfolding continuation lines. */
import type { Header } from './model';
import { decodeEncodedWords } from './encoded-words';

export function parseRawHeaders(block: string): Header[] {
  const headers: Header[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '') break;
    const last = headers[headers.length - 1];
    if (/^[ \t]/.test(line) && last) {
      last.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  // Encoded words (=?UTF-8?Q?…?=) are decoded once the folded lines are joined.
  return headers.map((header) => ({ name: header.name, value: decodeEncodedWords(header.value) }));
}
