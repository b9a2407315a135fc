/** Query-key factory of the dashboard; every call sends the browser's time zone, which decides the days. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { environmentDashboard } from '../../contract/dashboard';
import type { ResolvedRange } from './date-range';

/** The IANA time zone of this browser (UTC if it does not tell). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  environment: (envId: string, range: ResolvedRange, weekStartsOn: 0 | 1, tz: string) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'environment', envId, range.from, range.to, range.bucket, weekStartsOn, tz] as const,
      queryFn: ({ signal }) =>
        request(environmentDashboard, { params: { envId }, query: { ...range, weekStartsOn, tz }, signal }),
    }),
};
