/** tesseract.js's block tree → our flat word list (line numbers count from 0 over the whole page). */
import type { OcrPage, OcrWord } from './model';

type Bbox = { x0: number; y0: number; x1: number; y1: number };
type TesseractWord = { text: string; confidence: number; bbox: Bbox };
type TesseractLine = { words?: TesseractWord[] };
type TesseractBlock = { paragraphs?: { lines?: TesseractLine[] }[] };
export type TesseractData = { text?: string; confidence?: number; blocks?: TesseractBlock[] | null };

export function toOcrPage(data: TesseractData, width: number, height: number): OcrPage {
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs ?? []) {
      for (const row of paragraph.lines ?? []) {
        for (const word of row.words ?? []) {
          if (word.text.trim() === '') continue;
          words.push({ text: word.text, confidence: Math.round(word.confidence), box: { x0: word.bbox.x0, y0: word.bbox.y0, x1: word.bbox.x1, y1: word.bbox.y1 }, line });
        }
        line++;
      }
    }
  }
  return { text: (data.text ?? '').trim(), confidence: Math.round(data.confidence ?? 0), width, height, words };
}
