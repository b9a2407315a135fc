/**
 * The OCR words behind a result's evidence, with their boxes: each evidence span lies in a text block
 * of the extractor's result; a block read by OCR was cut from its page's text (extract-context.ts
 * `blocksOf`: trimmed, pages joined, split into blocks that may overlap, maybe capped), so a word's
 * place in its block is its place in the page's text moved by one shift per block and page.
 *
 * Both steps are bounded by the text's length (a sender's): a word is looked for in a short window
 * after the previous one, a block is placed on its page by a short probe checked on a bounded run.
 */
import type { ExtractedDocument } from '../contract/analysis-results';
import type { EvidenceSpan } from '../contract/modules/evidence-span';
import type { OcrBoxPage, OcrWordBox } from '../contract/ocr-word-boxes';
import type { OcrPage } from './model';

/** How far past the previous word the next one may start (spaces, line breaks, a word the text left out). */
const WORD_WINDOW = 64;
/** Characters that place a block on a page, then how many must agree (a short probe may repeat). */
const PROBE = 48;
const CHECKED = 512;
const TRIES = 8;

/** Each word's offset in the page's text, in reading order; null for a word not found where expected. */
export function wordOffsets(page: Pick<OcrPage, 'text' | 'words'>): (number | null)[] {
  let cursor = 0;
  return page.words.map((word) => {
    const window = page.text.slice(cursor, cursor + WORD_WINDOW + word.text.length);
    const at = window.indexOf(word.text);
    if (at < 0 || word.text === '') return null;
    const offset = cursor + at;
    cursor = offset + word.text.length;
    return offset;
  });
}

/** `later` read from `at` in `earlier` agrees with it for as long as both go (up to CHECKED characters). */
function agrees(earlier: string, at: number, later: string): boolean {
  const length = Math.min(later.length, earlier.length - at, CHECKED);
  return length > 0 && earlier.startsWith(later.slice(0, length), at);
}

/** The first place of `text` in `within` where the two agree, or null. */
function placeOf(within: string, text: string): number | null {
  const probe = text.slice(0, PROBE);
  if (probe === '') return null;
  let at = within.indexOf(probe);
  for (let tries = 0; at >= 0 && tries < TRIES; tries++) {
    if (agrees(within, at, text)) return at;
    at = within.indexOf(probe, at + 1);
  }
  return null;
}

/**
 * Where the block's text stands against the page's: `shift` such that a page offset minus it is the
 * block offset; null when they share no text. Of two runs of one text that overlap, one starts
 * inside the other: the block inside the page, or the page inside the block.
 */
export function blockShift(block: string, page: string): number | null {
  const blockInPage = placeOf(page, block);
  if (blockInPage !== null) return blockInPage;
  const pageInBlock = placeOf(block, page);
  return pageInBlock === null ? null : -pageInBlock;
}

export interface OcrReadPageOf {
  path: readonly string[];
  page: number;
  read: OcrPage;
}

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/**
 * The boxes of the OCR words the spans cover, per page: a word is kept when a span of its block
 * overlaps it. Pages with none are left out.
 */
export function keptOcrBoxes(documents: readonly Pick<ExtractedDocument, 'path' | 'blocks'>[], pages: readonly OcrReadPageOf[], spans: readonly EvidenceSpan[]): OcrBoxPage[] {
  const byBlock = new Map<string, EvidenceSpan[]>();
  for (const span of spans) {
    if (span.start >= span.end) continue;
    const key = `${span.document}:${span.block}`;
    byBlock.set(key, [...(byBlock.get(key) ?? []), span]);
  }
  if (byBlock.size === 0) return [];
  const kept: OcrBoxPage[] = [];
  for (const read of pages) {
    const document = documents.findIndex((candidate) => samePath(candidate.path, read.path));
    if (document < 0) continue;
    const { blocks } = documents[document]!;
    // Split per page, a page's blocks say so; otherwise any block of the document may hold its text.
    const paged = blocks.some((block) => block.page !== null);
    const candidates = blocks.flatMap((block, index) => ((!paged || block.page === read.page) && byBlock.has(`${document}:${index}`) ? [index] : []));
    if (candidates.length === 0) continue;
    const text = read.read.text.trim();
    const offsets = wordOffsets({ text, words: read.read.words });
    const words: OcrWordBox[] = [];
    for (const index of candidates) {
      const blockText = blocks[index]!.text;
      const shift = blockShift(blockText, text);
      if (shift === null) continue;
      const inBlock = byBlock.get(`${document}:${index}`)!;
      read.read.words.forEach((word, position) => {
        const offset = offsets[position];
        if (offset === null || offset === undefined) return;
        const start = offset - shift;
        const end = start + word.text.length;
        if (start < 0 || end > blockText.length) return;
        if (inBlock.some((span) => span.start < end && start < span.end)) words.push({ block: index, start, end, box: { ...word.box } });
      });
    }
    if (words.length > 0) kept.push({ document, page: read.page, width: read.read.width, height: read.read.height, words });
  }
  return kept;
}
