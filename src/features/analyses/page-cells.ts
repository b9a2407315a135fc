/**
 * What a cell of the analyses list shows, on screen and in "Download this page" (page-csv.ts).
 */
import type { TFunction } from 'i18next';
import type { AnalysisSummary } from '../../contract/analyses';
import { formatDateTime } from '../../i18n/dates';
import type { Language } from '../../storage/preferences';
import { formatBytes } from '../../ui/format-bytes';
import type { Column } from './columns';

export type ListT = TFunction<['analyses', 'routes']>;

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
