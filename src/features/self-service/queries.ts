/** The self-service area's server reads (src/contract/self-service.ts). */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { selfServiceOverview } from '../../contract/self-service';

export const selfServiceQueries = {
  overview: () =>
    queryOptions({
      queryKey: ['selfService', 'overview'] as const,
      queryFn: ({ signal }) => request(selfServiceOverview, { signal }),
    }),
};
