/**
 * A panel's table as CSV, with raw numbers (milliseconds, shares between 0 and 1) in the reader's
 * notation so a spreadsheet computes on them; labels go through the console's one CSV writer,
 * which defuses formulas (src/ui/csv.ts).
 */
import type { PanelTable } from './panels';
import { toCsv } from '../../ui/csv';
import type { Language } from '../../storage/preferences';

export function panelCsv(panel: PanelTable, language: Language): string {
  return toCsv(
    [panel.rowHeader, ...panel.columns.map((column) => column.label)],
    panel.rows.map((row) => [row.label, ...row.values]),
    language,
  );
}
