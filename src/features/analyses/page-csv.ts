/**
 * "Download this page" of the analyses list as CSV, through the console's one writer
 * (src/ui/csv.ts): names, metadata and other text that came with a mail are quoted and defused, so a
 * spreadsheet never runs them as formulas. Imported on the click: the writer (papaparse, ~7 KB gzip)
 * is not part of the list's first load.
 */
import type { AnalysisSummary } from '../../contract/analyses';
import type { Language } from '../../storage/preferences';
import { toCsv } from '../../ui/csv';
import type { Column } from './columns';
import { analysisCell, type ListT } from './page-cells';

/** The visible columns of the page's analyses, as a CSV file. */
export function analysesPageCsv(columns: readonly Column[], items: readonly AnalysisSummary[], t: ListT, language: Language): string {
  return toCsv(
    columns.map((column) => t(`columns.${column}`)),
    items.map((analysis) => columns.map((column) => analysisCell(analysis, column, t, language))),
    language,
  );
}
