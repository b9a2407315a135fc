/** Query-key factory of the graph screen: the environment's configuration snapshot. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { getConfigurationSnapshot } from '../../../contract/configuration-graph';

export const graphQueries = {
  all: () => ['configurationGraph'] as const,
  snapshot: (envId: string) =>
    queryOptions({
      queryKey: [...graphQueries.all(), envId, 'snapshot'] as const,
      queryFn: ({ signal }) => request(getConfigurationSnapshot, { params: { envId }, signal }),
    }),
};
