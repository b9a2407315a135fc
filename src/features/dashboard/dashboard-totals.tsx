/** The range's totals above the panels: received, ended, error rate, p95 and webhook success. */
import { useTranslation } from 'react-i18next';
import type { EnvironmentDashboard } from '../../contract/dashboard';
import type { Language } from '../../storage/preferences';
import { formatValue } from './format';

export type TotalId = 'received' | 'finished' | 'errorRate' | 'p95' | 'webhookSuccess';

/** `only` keeps some figures (the self-service dashboard shows volumes, not timings or webhooks). */
export function DashboardTotals({ totals, language, only }: { totals: EnvironmentDashboard['totals']; language: Language; only?: readonly TotalId[] }) {
  const { t } = useTranslation('dashboard');
  const attempts = totals.webhooksDelivered + totals.webhooksFailed;
  const figures = [
    { id: 'received' as const, value: formatValue(totals.received, 'count', language) },
    { id: 'finished' as const, value: formatValue(totals.processed + totals.error + totals.aborted, 'count', language) },
    { id: 'errorRate' as const, value: formatValue(totals.errorRate, 'percent', language) },
    { id: 'p95' as const, value: formatValue(totals.duration.p95, 'ms', language) },
    { id: 'webhookSuccess' as const, value: formatValue(attempts === 0 ? null : totals.webhooksDelivered / attempts, 'percent', language) },
  ].filter((figure) => only === undefined || only.includes(figure.id));
  return (
    <dl className="p-dashboard-totals" data-testid="dashboard-totals">
      {figures.map((figure) => (
        <div key={figure.id} className="p-dashboard-totals__item" data-testid={`total-${figure.id}`}>
          <dt>{t(`totals.${figure.id}`)}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
