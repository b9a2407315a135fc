/** Webhook delivery attempts (§3, §8): destination, attempt, outcome, HTTP status, dates, the error and the payload. */
import { Classes, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DeliveryAttempt } from '../../contract/analyses';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { JsonTree } from '../../ui/json-tree';
import { usePipelineMessage } from '../../i18n/use-pipeline-message';
import { DataTable } from '../../ui/data-table';

const INTENT: Record<DeliveryAttempt['outcome'], Intent> = { scheduled: Intent.NONE, delivered: Intent.SUCCESS, failed: Intent.DANGER };

export function DeliveryAttempts({ deliveries }: { deliveries: readonly DeliveryAttempt[] }) {
  const { t } = useTranslation(['analyses', 'environments']);
  const messages = usePipelineMessage();
  const { language } = usePreferences();
  if (deliveries.length === 0) return <p className={Classes.TEXT_MUTED}>{t('result.noDeliveries')}</p>;
  const when = (value: string | null) => (value ? formatDateTime(value, language) : t('result.never'));
  return (
    <DataTable className="p-table" compact data-testid="deliveries">
      <thead>
        <tr>
          <th>{t('delivery.url')}</th>
          <th>{t('delivery.type')}</th>
          <th>{t('delivery.attempt')}</th>
          <th>{t('delivery.outcome')}</th>
          <th>{t('delivery.httpStatus')}</th>
          <th>{t('delivery.scheduledAt')}</th>
          <th>{t('delivery.deliveredAt')}</th>
          <th>{t('delivery.errorAt')}</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((attempt) => (
          <tr key={attempt.id} data-outcome={attempt.outcome}>
            <td style={{ wordBreak: 'break-all' }}>
              {attempt.url}
              {attempt.error && <div className={Classes.INTENT_DANGER} style={{ color: 'var(--p-danger, #cd4246)' }}>{messages.shown({ message: attempt.error, messageParts: attempt.errorParts })}</div>}
              <details>
                <summary>{t('delivery.payload')}</summary>
                <JsonTree value={attempt.payload} openDepth={1} />
              </details>
            </td>
            <td>{t(`environments:webhooks.types.${attempt.type}`)}</td>
            <td>{attempt.attempt}</td>
            <td><Tag intent={INTENT[attempt.outcome]}>{t(`delivery.outcomes.${attempt.outcome}`)}</Tag></td>
            <td>{attempt.httpStatus ?? t('result.never')}</td>
            <td>{when(attempt.scheduledAt)}</td>
            <td>{when(attempt.deliveredAt)}</td>
            <td>{when(attempt.errorAt)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
