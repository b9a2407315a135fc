/**
 * The console's one CSV writer: every CSV export (dashboard panels, analyses page, testing center
 * metrics and messages) goes through it, so they all quote and defuse the same way. Pure (no DOM, no
 * Node): the testing center's engine uses it too.
 *
 * - RFC 4180: comma separator, CRLF line ends, a cell holding a comma, quote or line break is quoted
 *   with its quotes doubled (papaparse writes it); a UTF-8 BOM first, so spreadsheets read accents.
 * - Formula injection (OWASP "CSV Injection"): a text cell that a spreadsheet could run as a formula —
 *   its first visible character is `=`, `+`, `-`, `@` (or their full-width forms, which some
 *   spreadsheets accept too), or it starts with a tab, carriage return or line feed — is written with
 *   a leading apostrophe, which spreadsheets show as text. User-controlled text is never trusted.
 * - Numbers: a cell given as a finite `number` is written as it is, sign included (`-3.5`): it is made
 *   of digits, one sign, a point and an exponent only, so it cannot carry a formula, and spreadsheets
 *   keep computing on it. A number given as text (`'-3'`) is text like any other and gets the
 *   apostrophe. NaN and ±Infinity are written as empty cells (Excel would read `-Infinity` as a name).
 */
import Papa from 'papaparse';

export type CsvCell = string | number | null | undefined;

/** Text a spreadsheet would evaluate: leading white space or controls, then a formula sign; or a tab/CR/LF first. */
export const FORMULA_START = /^(?:[\t\r\n]|[\s\p{Cc}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

function cellValue(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  return value;
}

/** The CSV file of a header and its rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const csv = Papa.unparse(
    { fields: [...header], data: rows.map((row) => row.map(cellValue)) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
  return `\uFEFF${csv}\r\n`;
}
