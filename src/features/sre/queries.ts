/** Query-key factory of the SRE screens. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { analysesCounter } from '../../contract/sre';

export const sreQueries = {
  all: () => ['sre'] as const,
  counter: (from: string, to: string, tz: string) =>
    queryOptions({
      queryKey: [...sreQueries.all(), 'counter', from, to, tz] as const,
      queryFn: ({ signal }) => request(analysesCounter, { query: { from, to, tz }, signal }),
    }),
};
