/** An analysis status in its colour with its translated name (waiting grey, pending blue, then green / red / orange). */
import { Intent, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AnalysisStatus } from '../../contract/analyses';

const INTENTS: Record<AnalysisStatus, Intent> = {
  waiting: Intent.NONE,
  pending: Intent.PRIMARY,
  processed: Intent.SUCCESS,
  error: Intent.DANGER,
  aborted: Intent.WARNING,
};

export function StatusTag({ status, awaitingFinalStatus = false }: { status: AnalysisStatus; awaitingFinalStatus?: boolean }) {
  const { t } = useTranslation('analyses');
  const running = (status === 'waiting' || status === 'pending') && !awaitingFinalStatus;
  return (
    <Tag intent={INTENTS[status]} minimal={status === 'waiting'} data-status={status} icon={running ? <Spinner size={10} /> : undefined}>
      {awaitingFinalStatus ? t('status.awaitingFinalStatus') : t(`status.${status}`)}
    </Tag>
  );
}

/** Bytes in the unit a person reads (1 decimal above a kilobyte); French writes octets (o, Ko, Mo). */
export function formatBytes(bytes: number, language: string): string {
  const units = language === 'fr' ? ['o', 'Ko', 'Mo', 'Go'] : ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${units[unit]}`;
}
