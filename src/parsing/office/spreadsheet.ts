/**
 * XLS, XLSX, XLSM and ODS → sheets of displayed cell values, with their merged ranges and whether
 * each sheet is hidden, through @e965/xlsx (SheetJS 0.20.3 with the fixes for CVE-2023-30533 and
 * CVE-2024-22363; the `xlsx` 0.18 package on the registry is frozen without them). Formulas, macros
 * and HTML are never evaluated or kept: only the values the file stores. Very large sheets are cut
 * at MAX_ROWS × MAX_COLUMNS (marked `truncated`), so a hostile file cannot fill the memory.
 */
import { read, utils, type WorkSheet } from '@e965/xlsx';
import type { Sheet, Spreadsheet } from '../model';
import { ParseError } from '../errors';
import { readZipParts, partText } from './zip';
import { walkXml } from './xml';

/** SheetJS does not report hidden ODS sheets: their table style says table:display="false". */
function odsHiddenSheets(bytes: Uint8Array): Set<string> {
  const xml = partText(readZipParts(bytes, 'ODS', (name) => name === 'content.xml'), 'content.xml') ?? '';
  const hiddenStyles = new Set<string>();
  const hidden = new Set<string>();
  let style = '';
  walkXml(xml, {
    open(name, attributes) {
      if (name === 'style:style') style = attributes['style:name'] ?? '';
      else if (name === 'style:table-properties' && attributes['table:display'] === 'false') hiddenStyles.add(style);
      else if (name === 'table:table' && hiddenStyles.has(attributes['table:style-name'] ?? '')) hidden.add(attributes['table:name'] ?? '');
    },
  });
  return hidden;
}

export const MAX_ROWS = 5000;
export const MAX_COLUMNS = 200;

function sheetOf(name: string, hidden: boolean, sheet: WorkSheet | undefined): Sheet {
  if (!sheet || !sheet['!ref']) return { name, hidden, rows: [], merges: [] };
  const range = utils.decode_range(sheet['!ref']);
  const truncated = range.e.r - range.s.r >= MAX_ROWS || range.e.c - range.s.c >= MAX_COLUMNS;
  range.e.r = Math.min(range.e.r, range.s.r + MAX_ROWS - 1);
  range.e.c = Math.min(range.e.c, range.s.c + MAX_COLUMNS - 1);
  const rows = utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true, range });
  // Cells are addressed from the sheet's first used cell, as the rows are.
  const merges = (sheet['!merges'] ?? [])
    .map((merge) => ({ top: merge.s.r - range.s.r, left: merge.s.c - range.s.c, bottom: merge.e.r - range.s.r, right: merge.e.c - range.s.c }))
    .filter((merge) => merge.top >= 0 && merge.left >= 0 && merge.top < rows.length);
  return { name, hidden, rows: rows.map((row) => row.map((cell) => String(cell ?? ''))), merges, ...(truncated ? { truncated: true as const } : {}) };
}

export function parseSpreadsheet(bytes: Uint8Array, format: Spreadsheet['format']): Spreadsheet {
  // SheetJS's own inflate can spin for minutes on a damaged archive (seen on a scrambled .xlsx);
  // fflate checks every part first and refuses it at once.
  if (format !== 'xls') readZipParts(bytes, format.toUpperCase(), () => true);
  let workbook: ReturnType<typeof read>;
  try {
    workbook = read(bytes, { type: 'array', cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false, sheetRows: MAX_ROWS + 1, WTF: false });
  } catch (error) {
    const message = (error as Error).message || 'unknown error';
    if (/password|encrypt/i.test(message)) throw new ParseError('unsupported', `The ${format.toUpperCase()} file is password protected.`);
    throw new ParseError('corrupt', `Not a readable ${format.toUpperCase()} file: ${message}.`);
  }
  if (workbook.SheetNames.length === 0) throw new ParseError('corrupt', `Not a readable ${format.toUpperCase()} file: it has no sheet.`);
  const meta = workbook.Workbook?.Sheets ?? [];
  const odsHidden = format === 'ods' ? odsHiddenSheets(bytes) : new Set<string>();
  const sheets = workbook.SheetNames.map((name, index) => {
    const hidden = odsHidden.has(name) || Boolean((meta.find((entry) => entry.name === name) ?? meta[index])?.Hidden);
    return sheetOf(name, hidden, workbook.Sheets[name]);
  });
  return { format, sheets };
}
