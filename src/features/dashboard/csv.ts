/**
 * A panel's table as CSV (RFC 4180: comma, CRLF, quotes doubled), with raw numbers: milliseconds,
 * shares between 0 and 1, so a spreadsheet computes on them whatever the interface language.
 */
import type { PanelTable } from './panels';
import { saveText } from '../../ui/save-blob';

const cell = (value: string) => (/[",\r\n]/.test(value) || /^[=+\-@\t]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Cells that a spreadsheet would run as a formula (=, +, -, @) are quoted with a leading apostrophe. */
const safeText = (value: string) => cell(/^[=+\-@\t]/.test(value) ? `'${value}` : value);

export function panelCsv(panel: PanelTable): string {
  const header = [panel.rowHeader, ...panel.columns.map((c) => c.label)].map(safeText).join(',');
  const lines = panel.rows.map((row) => [safeText(row.label), ...row.values.map((v) => (v === null ? '' : String(v)))].join(','));
  return [header, ...lines].join('\r\n') + '\r\n';
}

/** Offers `csv` as a file download named `name`. */
export function downloadCsv(name: string, csv: string): void {
  saveText(csv, name, 'text/csv;charset=utf-8');
}
