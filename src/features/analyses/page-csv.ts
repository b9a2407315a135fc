/**
 * "Download this page": the visible rows and columns as CSV. papaparse writes it (quoting, embedded
 * quotes and line breaks, and a guard against spreadsheet formula injection with `escapeFormulae`).
 */
import Papa from 'papaparse';
import { saveBlob } from '../../ui/save-blob';

export function toCsv(header: string[], rows: (string | number)[][]): string {
  // A BOM so spreadsheet programs read the UTF-8 accents right.
  return `\uFEFF${Papa.unparse({ fields: header, data: rows }, { escapeFormulae: true, newline: '\r\n' })}`;
}

export function saveText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), filename);
}
