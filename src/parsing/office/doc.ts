/**
 * DOC (Word 97–2003) → text. The file is an OLE compound file (read with SheetJS's CFB reader, the
 * same library that reads .xls): the WordDocument stream's header (FIB) points at the piece table
 * in the 0Table or 1Table stream, which lists where each run of the main text lives and whether it
 * is stored as 8-bit (cp1252) or UTF-16 characters. Only the main text is read (not headers,
 * footnotes or comments); pages are split at the explicit page breaks the text holds (Word does not
 * store its pagination). Field codes are dropped, their displayed results kept. Pictures are not
 * extracted from .doc files.
 */
import { CFB } from '@e965/xlsx';
import type { OfficeDocument } from '../model';
import { ParseError } from '../errors';
import { PageCollector } from './pages';

const corrupt = (why: string) => new ParseError('corrupt', `Not a readable DOC file: ${why}.`);
const cp1252 = new TextDecoder('windows-1252');
const utf16 = new TextDecoder('utf-16le');

function stream(container: ReturnType<typeof CFB.read>, name: string): Uint8Array | undefined {
  const entry = CFB.find(container, name);
  const content = entry?.content as Uint8Array | number[] | undefined;
  return content ? (content instanceof Uint8Array ? content : Uint8Array.from(content)) : undefined;
}

/** The main text as stored: pieces decoded in order, cut at the main document's length. */
function mainText(word: Uint8Array, table: Uint8Array): string {
  const wordView = new DataView(word.buffer, word.byteOffset, word.byteLength);
  const ccpText = wordView.getInt32(0x4c, true);
  const fcClx = wordView.getUint32(0x1a2, true);
  const lcbClx = wordView.getUint32(0x1a6, true);
  if (ccpText < 0 || lcbClx === 0 || fcClx + lcbClx > table.length) throw corrupt('its piece table is out of bounds');
  const view = new DataView(table.buffer, table.byteOffset + fcClx, lcbClx);
  let at = 0;
  // Skip the property modifiers (Prc, type 1) before the piece table (Pcdt, type 2).
  while (at < lcbClx && view.getUint8(at) === 1) at += 3 + view.getUint16(at + 1, true);
  if (at >= lcbClx || view.getUint8(at) !== 2) throw corrupt('its piece table is missing');
  const size = view.getUint32(at + 1, true);
  const start = at + 5;
  if (start + size > lcbClx) throw corrupt('its piece table is truncated');
  const pieces = (size - 4) / 12;
  if (!Number.isInteger(pieces) || pieces < 1) throw corrupt('its piece table has an impossible size');
  let text = '';
  for (let i = 0; i < pieces && text.length < ccpText; i++) {
    const cpStart = view.getUint32(start + i * 4, true);
    const cpEnd = view.getUint32(start + (i + 1) * 4, true);
    if (cpEnd < cpStart) throw corrupt('its piece table is out of order');
    const fcRaw = view.getUint32(start + (pieces + 1) * 4 + i * 8 + 2, true);
    const compressed = (fcRaw & 0x40000000) !== 0;
    const count = cpEnd - cpStart;
    const offset = compressed ? (fcRaw & 0x3fffffff) / 2 : fcRaw & 0x3fffffff;
    const length = compressed ? count : count * 2;
    if (offset + length > word.length) throw corrupt('a text piece lies past the end of the file');
    const slice = word.subarray(offset, offset + length);
    text += compressed ? cp1252.decode(slice) : utf16.decode(slice);
  }
  return text.slice(0, ccpText);
}

/** Word's control characters → text and pages; field codes (0x13 code 0x14 result 0x15) keep their result. */
function toPages(raw: string): OfficeDocument['pages'] {
  const pages = new PageCollector();
  let fieldDepth = 0;
  let inCode = false;
  let afterCell = false;
  for (const char of raw) {
    // A cell ends with 0x07; a row with a second 0x07 right after its last cell's.
    if (char === '\x07') {
      if (afterCell) pages.rowEnd();
      else pages.cellEnd();
      afterCell = !afterCell;
      continue;
    }
    afterCell = false;
    const code = char.charCodeAt(0);
    if (code === 0x13) {
      fieldDepth++;
      inCode = true;
    } else if (code === 0x14) inCode = false;
    else if (code === 0x15) {
      fieldDepth = Math.max(0, fieldDepth - 1);
      inCode = false;
    } else if (inCode && fieldDepth > 0) continue;
    else if (code === 0x0d) pages.line();
    else if (code === 0x0c) pages.pageBreak();
    else if (code === 0x0b) pages.add('\n');
    else if (code === 0x09) pages.add('\t');
    else if (code === 0xa0) pages.add(' ');
    else if (code >= 0x20 || code === 0x0a) pages.add(char);
    // Other control characters (pictures 0x01, footnote marks 0x02, drawn objects 0x08…) carry no text.
  }
  return pages.result();
}

export function parseDoc(bytes: Uint8Array): OfficeDocument {
  let container: ReturnType<typeof CFB.read>;
  try {
    container = CFB.read(bytes, { type: 'array' });
  } catch (error) {
    throw corrupt((error as Error).message || 'broken compound file');
  }
  const word = stream(container, 'WordDocument');
  if (!word || word.length < 0x1aa) throw corrupt('it has no WordDocument stream');
  const view = new DataView(word.buffer, word.byteOffset, word.byteLength);
  if (view.getUint16(0, true) !== 0xa5ec) throw corrupt('its WordDocument stream has no Word signature');
  const flags = view.getUint16(0x0a, true);
  if (flags & 0x0100) throw new ParseError('unsupported', 'The DOC file is encrypted (password protected).');
  const table = stream(container, flags & 0x0200 ? '1Table' : '0Table');
  if (!table) throw corrupt('its table stream is missing');
  return { format: 'doc', unit: 'page', pages: toPages(mainText(word, table)), images: [] };
}
