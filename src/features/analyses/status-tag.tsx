/** An analysis status in its colour with its translated name (waiting grey, pending blue, then green / red / orange). */
import { Intent, Tag } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
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

export { formatBytes } from '../../ui/format-bytes';
