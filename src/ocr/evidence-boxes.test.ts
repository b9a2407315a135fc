/** Placing OCR words in the extractor's blocks: pages joined or split, blocks that overlap, text that repeats. */
import { describe, expect, it } from 'vitest';
import { blockShift, keptOcrBoxes, wordOffsets } from './evidence-boxes';
import type { OcrPage } from './model';

/** A page of words, one per 100 px across, a line each `\n`. */
function page(text: string): OcrPage {
  const words: OcrPage['words'] = [];
  text.split('\n').forEach((line, row) =>
    line.split(' ').forEach((word, column) => words.push({ text: word, confidence: 90, line: row, box: { x0: column * 100, y0: row * 40, x1: column * 100 + 90, y1: row * 40 + 30 } })),
  );
  return { text, confidence: 90, width: 1000, height: 800, words };
}

describe('OCR words in the blocks', () => {
  it('finds each word after the one before, skipping a word the text does not hold', () => {
    expect(wordOffsets({ text: 'le le chat', words: [{ text: 'le' }, { text: 'zz' }, { text: 'le' }, { text: 'chat' }] as OcrPage['words'] })).toEqual([0, null, 3, 6]);
  });

  it('places a block inside its page, a page inside its block, or neither', () => {
    expect(blockShift('chat noir', 'le chat noir dort')).toBe(3);
    expect(blockShift('avant\n\nle chat\n\naprès', 'le chat')).toBe(-7);
    expect(blockShift('autre chose', 'le chat')).toBeNull();
  });

  it('keeps only the words the spans cover, in the blocks of a document whose pages were joined and split with overlap', () => {
    const second = page('Facture FA-1\nTotal 12 euros');
    // Page 1 had a text layer; page 2 was read by OCR; joined, then cut into blocks of 20 characters that overlap.
    const text = 'Bonjour Total\n\nFacture FA-1\nTotal 12 euros';
    const blocks = [0, 15, 28].map((start) => ({ page: null, text: text.slice(start, start + 20) }));
    expect(blocks.map((block) => block.text)).toEqual(['Bonjour Total\n\nFactu', 'Facture FA-1\nTotal 1', 'Total 12 euros']);
    const documents = [{ path: ['lettre.pdf'], blocks }];
    // "FA-1" in block 1, "12" in block 2; "Total" of page 1 (block 0) is no OCR word.
    const spans = [
      { document: 0, block: 1, start: 8, end: 12 },
      { document: 0, block: 2, start: 6, end: 8 },
      { document: 0, block: 0, start: 8, end: 13 },
    ];
    const kept = keptOcrBoxes(documents, [{ path: ['lettre.pdf'], page: 2, read: second }], spans);
    expect(kept).toEqual([
      {
        document: 0,
        page: 2,
        width: 1000,
        height: 800,
        words: [
          { block: 1, start: 8, end: 12, box: { x0: 100, y0: 0, x1: 190, y1: 30 } },
          { block: 2, start: 6, end: 8, box: { x0: 100, y0: 40, x1: 190, y1: 70 } },
        ],
      },
    ]);
  });

  it('reads pages split per page by their number, and a picture by its path', () => {
    const read = page('Contrat AU-30871');
    const documents = [
      { path: ['a.png'], blocks: [{ page: 1, text: 'Contrat AU-30871' }] },
      { path: ['b.png'], blocks: [{ page: 1, text: 'Contrat AU-30871' }] },
    ];
    const kept = keptOcrBoxes(documents, [{ path: ['b.png'], page: 1, read }], [{ document: 1, block: 0, start: 10, end: 12 }]);
    expect(kept.map((entry) => [entry.document, entry.words.map((word) => [word.start, word.end])])).toEqual([[1, [[8, 16]]]]);
    expect(keptOcrBoxes(documents, [{ path: ['b.png'], page: 1, read }], [])).toEqual([]);
  });
});
