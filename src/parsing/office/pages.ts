/** Collects text into pages while an office file's XML is walked: lines, tabs and page breaks. */
export class PageCollector {
  private readonly pages: string[] = [''];

  /** Slides keep an empty last slide; documents drop the empty page after a final break. */
  constructor(private readonly keepEmptyLast = false) {}

  add(text: string): void {
    this.pages[this.pages.length - 1] += text;
  }

  /** Ends the current line, without piling up blank lines. */
  line(): void {
    const current = this.pages[this.pages.length - 1]!;
    if (!current.endsWith('\n\n')) this.add('\n');
  }

  /** Ends a table cell: its paragraphs' line ends give way to one tab, so a row reads as one line. */
  cellEnd(): void {
    const last = this.pages.length - 1;
    this.pages[last] = this.pages[last]!.replace(/\n+$/, '') + '\t';
  }

  /** Ends a table row. */
  rowEnd(): void {
    const last = this.pages.length - 1;
    this.pages[last] = this.pages[last]!.replace(/\t$/, '');
    this.line();
  }

  /** Starts a new page, unless the current one is still empty (a break at the very top); slides always count. */
  pageBreak(always = false): void {
    if (always || this.pages[this.pages.length - 1]!.trim() !== '') this.pages.push('');
  }

  result(): { number: number; text: string }[] {
    const pages = this.pages.map((text) => text.replace(/[ \t]+\n/g, '\n').trim());
    if (!this.keepEmptyLast && pages.length > 1 && pages[pages.length - 1] === '') pages.pop();
    return pages.map((text, index) => ({ number: index + 1, text }));
  }
}
