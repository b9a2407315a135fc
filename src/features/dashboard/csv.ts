/**
 * A panel's table as CSV, with raw numbers (milliseconds, shares between 0 and 1) so a spreadsheet
 * computes on them whatever the interface language; labels go through the console's one CSV writer,
 * which defuses formulas (src/ui/csv.ts).
 */
import type { PanelTable } from './panels';
import { toCsv } from '../../ui/csv';

export function panelCsv(panel: PanelTable): string {
  return toCsv(
    [panel.rowHeader, ...panel.columns.map((column) => column.label)],
    panel.rows.map((row) => [row.label, ...row.values]),
  );
}
