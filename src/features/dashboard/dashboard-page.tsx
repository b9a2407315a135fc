/**
 * The environment dashboard (issue 18; spec §2.4 Dashboard, §6 cockpit or qualifier, §8): a date
 * range, the totals, then one panel per figure with its chart, table and CSV. The server checks who
 * may read it and says when dashboards are turned off on this deployment.
 */
import { useMemo } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { serverCode } from '../../api/errors';
import { firstDayOfWeek, formatDate } from '../../i18n/dates';
import { usePreferences, type Language } from '../../storage/preferences';
import { parseRangeParam, rangeParam, resolveRange, type RangeChoice } from './date-range';
import { DashboardTotals } from './dashboard-totals';
import { formatBucket, localDay } from './format';
import { PanelFigure } from './panel-figure';
import { RangePicker } from './range-picker';
import { dashboardPanels } from './panels';
import { browserTimeZone, dashboardQueries } from './queries';
import './dashboard.css';

const todayOfBrowser = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { language } = usePreferences();
  const { projectId = '', envId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const choice = parseRangeParam(search.get('range'));
  const weekStartsOn = firstDayOfWeek(language);
  const range = resolveRange(choice, todayOfBrowser(), weekStartsOn);
  const query = useQuery(dashboardQueries.environment(envId, range, weekStartsOn, browserTimeZone()));
  const data = query.data;
  const panels = useMemo(
    () =>
      data === undefined
        ? []
        : dashboardPanels(data, {
            t: (key) => t(key as never),
            bucketLabel: (start) => formatBucket(start, data.bucket, language, (date) => t('weekOf', { date })),
          }),
    [data, language, t],
  );
  const choose = (next: RangeChoice) =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('range', rangeParam(next));
        return params;
      },
      { replace: true },
    );

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
        <Spinner aria-label={t('loading')} size={30} />
      ) : query.error ? (
        serverCode(query.error) === 'dashboardsDisabled' ? (
          <NonIdealState icon="disable" title={t('errors.dashboardsDisabled')} />
        ) : (
          <NonIdealState
            icon="error"
            title={t('errors.loadFailed')}
            description={serverCode(query.error) === 'invalidDashboardRange' ? t('errors.invalidDashboardRange') : undefined}
            action={<Button text={t('retry')} onClick={() => void query.refetch()} />}
          />
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

export function RangeHeader(props: { choice: RangeChoice; onChange: (c: RangeChoice) => void; from: string; to: string; language: Language }) {
  const { t } = useTranslation('dashboard');
  const day = (date: string) => formatDate(localDay(date), props.language);
  return (
    <div className="p-dashboard__range">
      <RangePicker choice={props.choice} onChange={props.onChange} />
      <p className="bp6-text-muted" data-testid="dashboard-range">
        {props.from === props.to ? t('range.oneDay', { date: day(props.from) }) : t('range.days', { from: day(props.from), to: day(props.to) })}
      </p>
    </div>
  );
}
