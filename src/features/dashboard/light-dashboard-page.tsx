/**
 * /self/{envId}/dashboard: a light user's use case over a period — how many mails came
 * and ended, the volumes over time and the categories — from the environment dashboard's endpoint
 * and panels, without timings, module errors, webhooks or alerts.
 */
import { useMemo } from 'react';
import { Pending } from '../../ui/pending';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { serverCode } from '../../api/errors';
import { categoryLabel } from '../../ui/category-label';
import { RangeHeader } from './dashboard-page';
import { DashboardTotals, type TotalId } from './dashboard-totals';
import { PanelFigure } from './panel-figure';
import type { PanelTable } from './panels';
import { useEnvironmentDashboard } from './use-environment-dashboard';
import './dashboard.css';
import { LoadError } from '../../ui/load-error';

/** The panels a light user reads: volumes over time, then the categories and their trend. */
export const LIGHT_PANELS = ['volume', 'categories', 'categoryTrend'] as const;
const LIGHT_TOTALS: readonly TotalId[] = ['received', 'finished'];

/** Category names written as words, as the self-service result shows them (rows of the share, columns of the trend). */
function readableCategories(panel: PanelTable): PanelTable {
  if (panel.id === 'categories') return { ...panel, rows: panel.rows.map((row) => ({ ...row, label: categoryLabel(row.label) })) };
  if (panel.id === 'categoryTrend') return { ...panel, columns: panel.columns.map((column) => ({ ...column, label: categoryLabel(column.label) })) };
  return panel;
}


export function LightDashboardPage() {
  const { t } = useTranslation(['dashboard', 'selfService']);
  const { envId = '' } = useParams();
  const { language, choice, range, query, panels: all, choose } = useEnvironmentDashboard(envId);
  const panels = useMemo(() => all.filter((panel) => (LIGHT_PANELS as readonly string[]).includes(panel.id)).map(readableCategories), [all]);

  return (
    <section className="p-page p-dashboard">
      <header className="p-dashboard__header">
        <div>
          <h2>{t('selfService:dashboard.title')}</h2>
          <p className="bp6-text-muted">{t('selfService:dashboard.intro')}</p>
        </div>
        <RangeHeader choice={choice} onChange={choose} from={range.from} to={range.to} language={language} />
      </header>
      {query.isPending ? (
        <Pending queries={[query]} aria-label={t('loading')} size={30} />
      ) : query.error ? (
        <LoadError title={serverCode(query.error) === 'dashboardsDisabled' ? t('errors.dashboardsDisabled') : t('errors.loadFailed')} query={query} description={null} />
      ) : (
        <>
          <DashboardTotals totals={query.data.totals} language={language} only={LIGHT_TOTALS} />
          <div className="p-dashboard__panels">
            {panels.map((panel) => (
              <PanelFigure key={panel.id} panel={panel} language={language} fileName={`dashboard-${envId}-${range.from}-${range.to}`} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
