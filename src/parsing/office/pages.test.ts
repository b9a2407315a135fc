import { describe, expect, it } from 'vitest';
import { PageCollector } from './pages';

/** The collector as it was written first, on one growing string per page: the behaviour to keep. */
class StringPages {
  private readonly pages: string[] = [''];
  constructor(private readonly keepEmptyLast = false) {}
  add(text: string): void {
    this.pages[this.pages.length - 1] += text;
  }
  line(): void {
    if (!this.pages[this.pages.length - 1]!.endsWith('\n\n')) this.add('\n');
  }
  cellEnd(): void {
    const last = this.pages.length - 1;
    this.pages[last] = this.pages[last]!.replace(/\n+$/, '') + '\t';
  }
  rowEnd(): void {
    const last = this.pages.length - 1;
    this.pages[last] = this.pages[last]!.replace(/\t$/, '');
    this.line();
  }
  pageBreak(always = false): void {
    if (always || this.pages[this.pages.length - 1]!.trim() !== '') this.pages.push('');
  }
  result(): { number: number; text: string }[] {
    const pages = this.pages.map((text) => text.replace(/[ \t]+\n/g, '\n').trim());
    if (!this.keepEmptyLast && pages.length > 1 && pages[pages.length - 1] === '') pages.pop();
    return pages.map((text, index) => ({ number: index + 1, text }));
  }
}

/** A small deterministic generator, so a failing sequence can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const TEXTS = ['Bonjour', ' ', '\n', '\n\n', '\t', 'a\n', ' \t ', 'fin.\n\n\n', '', 'é😀'];

describe('PageCollector', () => {
  it('collects the same pages as one growing string would, over random walks of a document', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const keepEmptyLast = seed % 2 === 0;
      const pieces = new PageCollector(keepEmptyLast);
      const reference = new StringPages(keepEmptyLast);
      const steps: string[] = [];
      for (let step = 0; step < 60; step++) {
        const pick = Math.floor(next() * 8);
        if (pick <= 2) {
          const text = TEXTS[Math.floor(next() * TEXTS.length)]!;
          steps.push(`add(${JSON.stringify(text)})`);
          pieces.add(text);
          reference.add(text);
        } else if (pick === 3) {
          steps.push('line');
          pieces.line();
          reference.line();
        } else if (pick === 4) {
          steps.push('cellEnd');
          pieces.cellEnd();
          reference.cellEnd();
        } else if (pick === 5) {
          steps.push('rowEnd');
          pieces.rowEnd();
          reference.rowEnd();
        } else {
          const always = pick === 7;
          steps.push(`pageBreak(${always})`);
          pieces.pageBreak(always);
          reference.pageBreak(always);
        }
      }
      expect(pieces.result(), `seed ${seed}: ${steps.join(', ')}`).toEqual(reference.result());
    }
  });
});
