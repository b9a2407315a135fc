/**
 * The console's one CSV writer: every CSV export (dashboard panels, analyses page, testing center
 * metrics and messages) goes through it, so they all quote and defuse the same way. Pure (no DOM, no
 * Node): the testing center's engine uses it too.
 *
 * - The reader's language: in French, a semicolon between cells and a decimal comma (`-3,5`), what
 *   Excel set up for French opens in columns and computes on; in English, RFC 4180's comma and a
 *   decimal point. CRLF line ends; a cell holding the separator, a quote or a line break is quoted
 *   with its quotes doubled (papaparse writes it); a UTF-8 BOM first, so spreadsheets read accents.
 * - Formula injection (OWASP "CSV Injection"): a text cell that a spreadsheet could run as a formula —
 *   its first visible character is `=`, `+`, `-`, `@` (or their full-width forms, which some
 *   spreadsheets accept too), or it starts with a tab, carriage return or line feed — is written with
 *   a leading apostrophe, which spreadsheets show as text. User-controlled text is never trusted.
 * - Numbers: a cell given as a finite `number` is written as it is, sign included (`-3.5`, `-3,5` in
 *   French): it is made of digits, one sign, a decimal mark and an exponent only, so it cannot carry a
 *   formula, and spreadsheets keep computing on it. A number given as text (`'-3'`) is text like any other and gets the
 *   apostrophe. NaN and ±Infinity are written as empty cells (Excel would read `-Infinity` as a name).
 */
import Papa from 'papaparse';
import type { Language } from '../storage/preferences';

export type CsvCell = string | number | null | undefined;

/** Text a spreadsheet would evaluate: leading white space or controls, then a formula sign; or a tab/CR/LF first. */
export const FORMULA_START = /^(?:[\t\r\n]|[\s\p{Cc}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/** The separator and decimal mark a spreadsheet expects in each language. */
const CONVENTIONS: Record<Language, { delimiter: string; decimal: string }> = {
  fr: { delimiter: ';', decimal: ',' },
  en: { delimiter: ',', decimal: '.' },
};

function cellText(value: CsvCell, decimal: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', decimal) : '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The CSV file of a header and its rows, as a spreadsheet set up for `language` reads it. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], language: Language): string {
  const { delimiter, decimal } = CONVENTIONS[language];
  // Formulas are defused by cellText, not by papaparse's escapeFormulae: numbers reach papaparse as
  // text (with the language's decimal mark), and its check would put an apostrophe before `-3,5`.
  const csv = Papa.unparse(
    { fields: header.map((cell) => cellText(cell, decimal)), data: rows.map((row) => row.map((cell) => cellText(cell, decimal))) },
    { delimiter, newline: '\r\n' },
  );
  return `\uFEFF${csv}\r\n`;
}
