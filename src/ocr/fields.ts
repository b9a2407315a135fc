/**
 * The OCR data extraction module's engine (pure TS, browser and server): fields read from OCR'd
 * pages (invoice number, date, totals, IBAN…) by
 * - label proximity: the value right of a label such as "Total TTC" on its line, else on the line
 *   below it (the nearest line under the label that overlaps it horizontally);
 * - pattern: the first match of a regular expression in a line;
 * - zone: the words inside a rectangle of the page, given in fractions of its width and height.
 * Each value comes with its page, its box in the page's pixels and the engine's confidence (the
 * lowest of its words'). A `value` pattern narrows what a label rule takes (an amount, a date); a
 * `direction` keeps a label rule to the right of its label or to the line below (default: either).
 */
import type { OcrBox, OcrPage, OcrWord } from './model';
import { compileRulePattern, firstMatch } from './rule-pattern';

export type FieldRule =
  | { name: string; by: 'label'; labels: string[]; direction?: 'rightOrBelow' | 'right' | 'below'; value?: string }
  | { name: string; by: 'pattern'; pattern: string }
  | { name: string; by: 'zone'; zone: OcrBox; page?: number };

export type FieldValue = { name: string; value: string; page: number; box: OcrBox; confidence: number; by: FieldRule['by'] };

/** Rules for French and English invoices, the module's defaults. */
export const INVOICE_RULES: FieldRule[] = [
  { name: 'invoiceNumber', by: 'label', labels: ['Facture N°', 'Facture n°', 'N° de facture', 'Invoice No', 'Invoice number'], value: '[A-Z0-9][A-Z0-9/._-]{2,}' },
  { name: 'date', by: 'label', labels: ['Date', 'Date de facture', 'Invoice date'], value: '\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}' },
  { name: 'totalExclTax', by: 'label', labels: ['Total HT', 'Subtotal'], value: '\\d[\\d  .]*,\\d{2}|\\d[\\d,]*\\.\\d{2}' },
  { name: 'totalInclTax', by: 'label', labels: ['Total TTC', 'Total due', 'Montant TTC'], value: '\\d[\\d  .]*,\\d{2}|\\d[\\d,]*\\.\\d{2}' },
  { name: 'iban', by: 'pattern', pattern: '\\b[A-Z]{2}\\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\\b' },
];

type Line = { words: OcrWord[]; text: string; starts: number[]; box: OcrBox };

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const union = (words: OcrWord[]): OcrBox => ({
  x0: Math.min(...words.map((w) => w.box.x0)),
  y0: Math.min(...words.map((w) => w.box.y0)),
  x1: Math.max(...words.map((w) => w.box.x1)),
  y1: Math.max(...words.map((w) => w.box.y1)),
});
const confidenceOf = (words: OcrWord[]) => Math.min(...words.map((w) => w.confidence));

function linesOf(page: OcrPage): Line[] {
  const byLine = new Map<number, OcrWord[]>();
  for (const word of page.words) byLine.set(word.line, [...(byLine.get(word.line) ?? []), word]);
  return [...byLine.values()].map((words) => {
    const starts: number[] = [];
    let text = '';
    for (const word of words) {
      if (text) text += ' ';
      starts.push(text.length);
      text += word.text;
    }
    return { words, text, starts, box: union(words) };
  });
}

/** The words of `line` that the character range [start, end) touches. */
function wordsIn(line: Line, start: number, end: number): OcrWord[] {
  return line.words.filter((word, index) => line.starts[index]! < end && line.starts[index]! + word.text.length > start);
}

function fromText(line: Line, offset: number, rule: { value?: string }): { value: string; words: OcrWord[] } | null {
  const rest = line.text.slice(offset);
  const lead = rest.match(/^[\s:=.-]*/)![0].length;
  const body = rest.slice(lead);
  if (!body.trim()) return null;
  if (!rule.value) return { value: body.trim(), words: wordsIn(line, offset + lead, line.text.length) };
  const compiled = compileRulePattern(rule.value);
  // The checks refuse such a rule before a run; a rule that skipped them finds nothing.
  const match = compiled.ok ? firstMatch(compiled.regex, body) : null;
  if (match === null) return null;
  const start = offset + lead + match.index;
  return { value: match.text.trim(), words: wordsIn(line, start, start + match.text.length) };
}

function byLabel(rule: Extract<FieldRule, { by: 'label' }>, pages: OcrPage[]): FieldValue | null {
  for (const [index, page] of pages.entries()) {
    const lines = linesOf(page);
    for (const [lineIndex, line] of lines.entries()) {
      const folded = fold(line.text);
      for (const label of rule.labels) {
        const at = folded.indexOf(fold(label));
        // A label starts a word: "Date" is not found inside "Update".
        if (at < 0 || (at > 0 && /\w/.test(folded[at - 1]!))) continue;
        const labelWords = wordsIn(line, at, at + label.length);
        const direction = rule.direction ?? 'rightOrBelow';
        const right = direction === 'below' ? null : fromText(line, at + label.length, rule);
        if (right && right.words.length > 0) {
          return { name: rule.name, value: right.value, page: index + 1, box: union(right.words), confidence: confidenceOf([...labelWords, ...right.words]), by: 'label' };
        }
        if (direction === 'right') continue;
        const labelBox = union(labelWords);
        const below = lines
          .slice(lineIndex + 1)
          .find((next) => next.box.y0 >= labelBox.y1 - 2 && next.box.x0 < labelBox.x1 + (labelBox.x1 - labelBox.x0) && next.box.x1 > labelBox.x0);
        const value = below ? fromText(below, 0, rule) : null;
        if (value && value.words.length > 0) {
          return { name: rule.name, value: value.value, page: index + 1, box: union(value.words), confidence: confidenceOf([...labelWords, ...value.words]), by: 'label' };
        }
      }
    }
  }
  return null;
}

function byPattern(rule: Extract<FieldRule, { by: 'pattern' }>, pages: OcrPage[]): FieldValue | null {
  const compiled = compileRulePattern(rule.pattern);
  if (!compiled.ok) return null;
  for (const [index, page] of pages.entries()) {
    for (const line of linesOf(page)) {
      const match = firstMatch(compiled.regex, line.text);
      if (match === null) continue;
      const words = wordsIn(line, match.index, match.index + match.text.length);
      return { name: rule.name, value: match.text, page: index + 1, box: union(words), confidence: confidenceOf(words), by: 'pattern' };
    }
  }
  return null;
}

function byZone(rule: Extract<FieldRule, { by: 'zone' }>, pages: OcrPage[]): FieldValue | null {
  const number = rule.page ?? 1;
  const page = pages[number - 1];
  if (!page) return null;
  const inside = page.words.filter((word) => {
    const x = (word.box.x0 + word.box.x1) / 2 / page.width;
    const y = (word.box.y0 + word.box.y1) / 2 / page.height;
    return x >= rule.zone.x0 && x <= rule.zone.x1 && y >= rule.zone.y0 && y <= rule.zone.y1;
  });
  if (inside.length === 0) return null;
  const lines = new Map<number, string[]>();
  for (const word of inside) lines.set(word.line, [...(lines.get(word.line) ?? []), word.text]);
  const value = [...lines.values()].map((words) => words.join(' ')).join('\n');
  return { name: rule.name, value, page: number, box: union(inside), confidence: confidenceOf(inside), by: 'zone' };
}

/** Every rule's value, in rule order; a rule that finds nothing is left out. */
export function extractFields(pages: OcrPage[], rules: FieldRule[] = INVOICE_RULES): FieldValue[] {
  const values: FieldValue[] = [];
  for (const rule of rules) {
    const value = rule.by === 'label' ? byLabel(rule, pages) : rule.by === 'pattern' ? byPattern(rule, pages) : byZone(rule, pages);
    if (value) values.push(value);
  }
  return values;
}
