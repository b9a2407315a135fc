/** Query-key factory of the consumption screens; every call sends the browser's time zone, which decides the days. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { environmentConsumption, myConsumption, organisationConsumption } from '../../contract/consumption';

/** The IANA time zone of this browser (UTC if it does not tell). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const consumptionQueries = {
  all: () => ['consumption'] as const,
  /** `year` undefined: the current contract year. */
  organisation: (orgaId: string, year: number | undefined, tz: string) =>
    queryOptions({
      queryKey: [...consumptionQueries.all(), 'organisation', orgaId, year ?? 'current', tz] as const,
      queryFn: ({ signal }) => request(organisationConsumption, { params: { orgaId }, query: { year, tz }, signal }),
    }),
  mine: (tz: string) =>
    queryOptions({
      queryKey: [...consumptionQueries.all(), 'mine', tz] as const,
      queryFn: ({ signal }) => request(myConsumption, { query: { tz }, signal }),
    }),
  environment: (envId: string, date: string | undefined, tz: string) =>
    queryOptions({
      queryKey: [...consumptionQueries.all(), 'environment', envId, date ?? 'today', tz] as const,
      queryFn: ({ signal }) => request(environmentConsumption, { params: { envId }, query: { date, tz }, signal }),
    }),
};
