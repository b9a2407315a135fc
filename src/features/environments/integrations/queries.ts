/** Query-key factory of the integrations tab; the list refreshes itself while a run is under way. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { listConnectors } from '../../../contract/integrations';

export const integrationQueries = {
  all: () => ['integrations'] as const,
  list: (envId: string) =>
    queryOptions({
      queryKey: [...integrationQueries.all(), 'list', envId] as const,
      queryFn: ({ signal }) => request(listConnectors, { params: { envId }, signal }),
      // Progress of runs (§2.4 manual run with progress), and the write-backs that follow them.
      refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === 'queued' || run.status === 'running') ? 1000 : false),
    }),
};
