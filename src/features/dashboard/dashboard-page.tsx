/**
 * The environment dashboard (spec §2.4 Dashboard, §6 cockpit or qualifier, §8): a date
 * range, the totals, then one panel per figure with its chart, table and CSV. The server checks who
 * may read it and says when dashboards are turned off on this deployment.
 */

import { Pending } from '../../ui/pending';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { serverCode } from '../../api/errors';
import { formatDate } from '../../i18n/dates';
import type { Language } from '../../storage/preferences';
import type { RangeChoice } from './date-range';
import { DashboardTotals } from './dashboard-totals';
import { PanelFigure } from './panel-figure';
import { RangePicker } from './range-picker';
import { useEnvironmentDashboard } from './use-environment-dashboard';
import './dashboard.css';
import { LoadError } from '../../ui/load-error';
import { EmptyState } from '../../ui/empty-state';


export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { projectId = '', envId = '' } = useParams();
  const { language, choice, range, query, panels, choose } = useEnvironmentDashboard(envId);

  return (
    <section className="p-page p-dashboard">
      <header className="p-dashboard__header">
        <div>
          <h1 className="p-page__title">{t('title')}</h1>
          <Link to={paths.alerts(projectId, envId)}>{t('alertsLink')}</Link>
        </div>
        <RangeHeader choice={choice} onChange={choose} from={range.from} to={range.to} language={language} />
      </header>
      {query.isPending ? (
        <Pending queries={[query]} aria-label={t('loading')} size={30} />
      ) : query.error ? (
        serverCode(query.error) === 'dashboardsDisabled' ? (
          <EmptyState icon="disable" title={t('errors.dashboardsDisabled')} />
        ) : (
          <LoadError title={t('errors.loadFailed')} query={query} description={serverCode(query.error) === 'invalidDashboardRange' ? t('errors.invalidDashboardRange') : null} />
        )
      ) : (
        <>
          <DashboardTotals totals={query.data.totals} language={language} />
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

export function RangeHeader(props: { choice: RangeChoice; onChange: (change: Partial<RangeChoice>) => void; from: string; to: string; language: Language }) {
  const { t } = useTranslation('dashboard');
  const day = (date: string) => formatDate(date, props.language);
  return (
    <div className="p-dashboard__range">
      <RangePicker choice={props.choice} onChange={props.onChange} />
      <p className="bp6-text-muted" data-testid="dashboard-range">
        {props.from === props.to ? t('range.oneDay', { date: day(props.from) }) : t('range.days', { from: day(props.from), to: day(props.to) })}
      </p>
    </div>
  );
}
