/**
 * Collects text into pages while an office file's XML is walked: lines, tabs and page breaks.
 * Each page is kept as a list of pieces, with what its end holds (line ends, a tab) counted aside:
 * looking at the end of one growing string flattened it at every paragraph, and a DOCX whose XML
 * inflates to 3 MB of text took minutes of a parse thread (quadratic in the text).
 */
export class PageCollector {
  private readonly pages: string[][] = [[]];
  /** How many line ends close the current page's text. */
  private trailingNewlines = 0;
  /** Whether the current page holds anything but white space. */
  private hasText = false;

  /** Slides keep an empty last slide; documents drop the empty page after a final break. */
  constructor(private readonly keepEmptyLast = false) {}

  private get current(): string[] {
    return this.pages[this.pages.length - 1]!;
  }

  add(text: string): void {
    if (text === '') return;
    this.current.push(text);
    let newlines = 0;
    while (newlines < text.length && text[text.length - 1 - newlines] === '\n') newlines++;
    this.trailingNewlines = newlines === text.length ? this.trailingNewlines + newlines : newlines;
    if (!this.hasText && /\S/.test(text)) this.hasText = true;
  }

  /** Ends the current line, without piling up blank lines. */
  line(): void {
    if (this.trailingNewlines < 2) this.add('\n');
  }

  /** Removes `count` characters from the end of the current page (they are known to be there). */
  private dropEnd(count: number): void {
    const pieces = this.current;
    for (let left = count; left > 0 && pieces.length > 0; ) {
      const last = pieces[pieces.length - 1]!;
      if (last.length <= left) {
        pieces.pop();
        left -= last.length;
      } else {
        pieces[pieces.length - 1] = last.slice(0, last.length - left);
        left = 0;
      }
    }
  }

  /** The current page's last character, or '' when it is empty. */
  private lastCharacter(): string {
    const pieces = this.current;
    return pieces.length === 0 ? '' : pieces[pieces.length - 1]!.slice(-1);
  }

  /** Ends a table cell: its paragraphs' line ends give way to one tab, so a row reads as one line. */
  cellEnd(): void {
    this.dropEnd(this.trailingNewlines);
    this.trailingNewlines = 0;
    this.add('\t');
  }

  /** How many line ends close the current page, counted back from its end. */
  private countTrailingNewlines(): number {
    let count = 0;
    const pieces = this.current;
    for (let index = pieces.length - 1; index >= 0; index--) {
      const piece = pieces[index]!;
      let at = piece.length - 1;
      while (at >= 0 && piece[at] === '\n') at--;
      count += piece.length - 1 - at;
      if (at >= 0) break;
    }
    return count;
  }

  /** Ends a table row. */
  rowEnd(): void {
    if (this.lastCharacter() === '\t') {
      this.dropEnd(1);
      this.trailingNewlines = this.countTrailingNewlines();
    }
    this.line();
  }

  /** Starts a new page, unless the current one is still empty (a break at the very top); slides always count. */
  pageBreak(always = false): void {
    if (always || this.hasText) {
      this.pages.push([]);
      this.trailingNewlines = 0;
      this.hasText = false;
    }
  }

  result(): { number: number; text: string }[] {
    const pages = this.pages.map((pieces) => pieces.join('').replace(/[ \t]+\n/g, '\n').trim());
    if (!this.keepEmptyLast && pages.length > 1 && pages[pages.length - 1] === '') pages.pop();
    return pages.map((text, index) => ({ number: index + 1, text }));
  }
}
