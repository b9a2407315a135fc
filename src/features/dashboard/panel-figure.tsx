/**
 * One dashboard panel: its chart (Recharts, loaded on first use), the same numbers as a table for
 * screen readers and keyboards, and a CSV download of that table.
 */
import { lazy, Suspense } from 'react';
import { Button, Card } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../storage/preferences';
import { saveCsv } from '../../ui/save-blob';
import { panelCsv } from './csv';
import { formatValue } from './format';
import { panelIsEmpty, type PanelTable } from './panels';
import { EmptyState } from '../../ui/empty-state';
import { DataTable } from '../../ui/data-table';

const PanelChart = lazy(() => import('./panel-chart'));

export function PanelFigure({ panel, language, fileName }: { panel: PanelTable; language: Language; fileName: string }) {
  const { t } = useTranslation('dashboard');
  const titleId = `dashboard-panel-${panel.id}`;
  return (
    <Card className="p-dashboard-panel" data-testid={`panel-${panel.id}`}>
      <section aria-labelledby={titleId}>
        <header className="p-dashboard-panel__header">
          <h2 id={titleId}>{panel.title}</h2>
          <Button
            icon="download"
            variant="minimal"
            text={t('downloadCsv')}
            aria-label={t('downloadCsvOf', { title: panel.title })}
            disabled={panel.rows.length === 0}
            onClick={() => saveCsv(panelCsv(panel, language), `${fileName}-${panel.id}.csv`)}
          />
        </header>
        {panelIsEmpty(panel) ? (
          <EmptyState icon="timeline-bar-chart" description={t('emptyPanel')} />
        ) : (
          <div aria-hidden="true" className="p-dashboard-panel__chart">
            <Suspense fallback={<Spinner size={24} />}>
              <PanelChart panel={panel} language={language} />
            </Suspense>
          </div>
        )}
        {panel.rows.length > 0 && (
          <div className="p-dashboard-panel__table" tabIndex={0} role="region" aria-label={t('tableOf', { title: panel.title })}>
            <DataTable compact striped className="p-table">
              <thead>
                <tr>
                  <th scope="col">{panel.rowHeader}</th>
                  {panel.columns.map((column) => (
                    <th scope="col" key={column.key}>
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {panel.rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    {row.values.map((value, index) => (
                      <td key={panel.columns[index]!.key}>{formatValue(value, panel.columns[index]!.format, language)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </div>
        )}
      </section>
    </Card>
  );
}
