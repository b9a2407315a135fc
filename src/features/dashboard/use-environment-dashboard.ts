/**
 * What both dashboards of an environment (the full console's and a light user's) read: the range in
 * the address (`?range=`), the figures for it from the dashboard endpoint, and the panels built from
 * them in the reader's language.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { firstDayOfWeek } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { parseRangeParam, rangeParam, resolveRange, type RangeChoice } from './date-range';
import { formatBucket } from './format';
import { dashboardPanels } from './panels';
import { browserTimeZone, dashboardQueries } from './queries';

const todayOfBrowser = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

export function useEnvironmentDashboard(envId: string) {
  const { t } = useTranslation('dashboard');
  const { language } = usePreferences();
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
  // A change applies to the range last written, not to the one last rendered: a second pick made
  // before the page re-rendered (the router renders a navigation later) would otherwise undo the first.
  const rangeValue = search.get('range');
  const written = useRef(rangeValue);
  useEffect(() => {
    written.current = rangeValue;
  }, [rangeValue]);
  const choose = (change: Partial<RangeChoice>) => {
    const param = rangeParam({ ...parseRangeParam(written.current), ...change });
    written.current = param;
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('range', param);
        return params;
      },
      { replace: true },
    );
  };
  return { language, choice, range, query, data, panels, choose };
}
