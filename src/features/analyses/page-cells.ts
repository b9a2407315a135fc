/**
 * What a cell of the analyses list shows, on screen and in "Download this page", and that page as
 * CSV. The CSV goes through the console's one writer (src/ui/csv.ts): names, metadata and other text
 * that came with a mail are quoted and defused, so a spreadsheet never runs them as formulas.
 */
import type { TFunction } from 'i18next';
import type { AnalysisSummary } from '../../contract/analyses';
import { formatDateTime } from '../../i18n/dates';
import type { Language } from '../../storage/preferences';
import { toCsv } from '../../ui/csv';
import { formatBytes } from '../../ui/format-bytes';
import type { Column } from './columns';

type ListT = TFunction<['analyses', 'routes']>;

function metadataText(metadata: AnalysisSummary['metadata']): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

export function analysisCell(analysis: AnalysisSummary, column: Column, t: ListT, language: Language): string {
  switch (column) {
    case 'name': return analysis.name;
    case 'status': return analysis.awaitingFinalStatus ? t('status.awaitingFinalStatus') : t(`status.${analysis.status}`);
    case 'category': return analysis.categories.map((category) => category.name).join(', ');
    case 'inputType': return t(`inputType.${analysis.inputType}`);
    case 'createdAt': return formatDateTime(analysis.createdAt, language);
    case 'startedAt': return analysis.startedAt ? formatDateTime(analysis.startedAt, language) : '';
    case 'finishedAt': return analysis.finishedAt ? formatDateTime(analysis.finishedAt, language) : '';
    case 'fileCount': return String(analysis.fileCount);
    case 'sizeBytes': return formatBytes(analysis.sizeBytes, language);
    case 'metadata': return metadataText(analysis.metadata);
    case 'id': return analysis.id;
  }
}

/** The visible columns of the page's analyses, as a CSV file. */
export function analysesPageCsv(columns: readonly Column[], items: readonly AnalysisSummary[], t: ListT, language: Language): string {
  return toCsv(
    columns.map((column) => t(`columns.${column}`)),
    items.map((analysis) => columns.map((column) => analysisCell(analysis, column, t, language))),
    language,
  );
}
