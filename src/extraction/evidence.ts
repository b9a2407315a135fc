/**
 * Where a value read from a scope's text stands in the documents. Regular expressions and builtins
 * read one text per scope (the blocks joined with '\n', the documents with '\n\n', extract.ts
 * `scopeOf`); their offsets are mapped back to one block of the extractor's result, the place the
 * result's evidence view highlights.
 */
import type { EvidenceSpan } from '../contract/modules/evidence-span';
import type { EngineDocument } from './types';

/** One block of a scope's text: its place in the extractor's result and its range in the text. */
export interface PlacedBlock {
  document: number;
  block: number;
  /** Scope-text offset of the block's first character. */
  from: number;
  /** Scope-text offset just after its last character. */
  to: number;
}

/** The blocks of the documents, in the order and with the separators `scopeOf` joins them with. */
export function scopeLayout(documents: readonly EngineDocument[]): PlacedBlock[] {
  const placed: PlacedBlock[] = [];
  let offset = 0;
  documents.forEach((doc, position) => {
    if (position > 0) offset += 2;
    doc.blocks.forEach((block, index) => {
      if (index > 0) offset += 1;
      placed.push({ document: doc.index, block: index, from: offset, to: offset + block.text.length });
      offset += block.text.length;
    });
  });
  return placed;
}

/** The last block starting at or before `offset` (-1: none does). */
function blockBefore(layout: readonly PlacedBlock[], offset: number): number {
  let low = 0;
  let high = layout.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (layout[middle]!.from <= offset) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * The span of scope-text range [start, end) in one block. A span is in one block: a match that
 * begins on the line breaks between blocks is placed in the block its words start in, and one that
 * runs on into the next block is cut at its own block's end (the words it starts with). Null when the
 * scope has no block at all.
 */
export function spanInScope(layout: readonly PlacedBlock[], start: number, end: number): EvidenceSpan | null {
  if (layout.length === 0) return null;
  let index = Math.max(0, blockBefore(layout, start));
  // Starting past this block's end (on a separator or in empty blocks): move on to the block the
  // match's words reach, if they reach one.
  while (index + 1 < layout.length && Math.max(start, layout[index]!.from) >= layout[index]!.to && end > layout[index + 1]!.from) index++;
  const placed = layout[index]!;
  const from = Math.min(Math.max(start, placed.from), placed.to);
  const to = Math.min(Math.max(end, from), placed.to);
  return { document: placed.document, block: placed.block, start: from - placed.from, end: to - placed.from };
}
