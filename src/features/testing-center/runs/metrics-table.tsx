/** Per value TP, FP, FN, precision, recall, F1 and support of one classification kind, then the micro and macro averages. */

import { useTranslation } from 'react-i18next';
import type { KindMetrics, MetricRow } from '../../../contract/testing-evaluation';
import { ValueLabel } from '../../../ui/special-value';
import { DataTable } from '../../../ui/data-table';

const ratio = (value: number) => value.toFixed(3);

function Row({ row, label, strong }: { row: MetricRow; label: string; strong?: boolean }) {
  return (
    <tr data-value={row.value} className={strong ? 'p-strong' : undefined}>
      <td>{strong ? label : <ValueLabel value={label} />}</td>
      <td>{row.tp}</td>
      <td>{row.fp}</td>
      <td>{row.fn}</td>
      <td>{ratio(row.precision)}</td>
      <td>{ratio(row.recall)}</td>
      <td>{ratio(row.f1)}</td>
      <td>{row.support}</td>
    </tr>
  );
}

export function MetricsTable({ metrics }: { metrics: KindMetrics }) {
  const { t } = useTranslation('testRuns');
  return (
    <DataTable className="p-table" compact striped aria-label={t('result.metrics')}>
      <thead>
        <tr>
          <th>{t('result.value')}</th>
          <th>{t('outcomes.TP')}</th>
          <th>{t('outcomes.FP')}</th>
          <th>{t('outcomes.FN')}</th>
          <th>{t('result.precision')}</th>
          <th>{t('result.recall')}</th>
          <th>F1</th>
          <th>{t('result.support')}</th>
        </tr>
      </thead>
      <tbody>
        {metrics.perValue.map((row) => (
          <Row key={row.value} row={row} label={row.value} />
        ))}
        <Row row={metrics.micro} label={t('result.micro')} strong />
        <Row row={metrics.macro} label={t('result.macro')} strong />
      </tbody>
    </DataTable>
  );
}
