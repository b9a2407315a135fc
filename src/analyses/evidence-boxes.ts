/**
 * The evidence of a scanned page or a picture: the OCR words the run kept with the extractor's result
 * (`ocrBoxes`, src/ocr/evidence-boxes.ts), each with what it fed, read from its block's segments, so
 * a box over the image is marked and chosen like the same words in the text.
 */
import type { OcrBoxPage } from '../contract/ocr-word-boxes';
import type { BlockEvidence } from './evidence-blocks';

/** An OCR word that fed something, drawn over its page or picture: its place as fractions (0–1) of the image read. */
export interface EvidenceBox {
  block: number;
  start: number;
  end: number;
  words: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** As a segment's: what the word fed, and the NLU labels over it. */
  items: number[];
  labels: string[];
}

/** The boxes of one page of a scanned document (a picture: page 1). */
export interface EvidencePageBoxes {
  page: number;
  boxes: EvidenceBox[];
}

/** The kept OCR words of a document (the run's `ocrBoxes`), each with what its block's segments over it fed. */
export function boxesOf(pages: readonly OcrBoxPage[], document: number, blocks: readonly BlockEvidence[]): EvidencePageBoxes[] {
  return pages
    .filter((page) => page.document === document)
    .map((page) => ({
      page: page.page,
      boxes: page.words.flatMap(({ block, start, end, box }) => {
        const evidence = blocks[block];
        if (!evidence || end > evidence.text.length) return [];
        const over = evidence.segments.filter((segment) => segment.start < end && start < segment.end);
        const items = [...new Set(over.flatMap((segment) => segment.items))].sort((a, b) => a - b);
        if (items.length === 0) return [];
        const labels = [...new Set(over.flatMap((segment) => segment.labels))];
        const { x0, y0, x1, y1 } = box;
        return [{ block, start, end, words: evidence.text.slice(start, end), left: x0 / page.width, top: y0 / page.height, width: (x1 - x0) / page.width, height: (y1 - y0) / page.height, items, labels }];
      }),
    }))
    .filter((page) => page.boxes.length > 0);
}
