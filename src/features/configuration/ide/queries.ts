/** Query-key factory and options of the configuration IDE, per environment. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { getConfigurationDocument } from '../../../contract/configuration-document';

export const ideQueries = {
  all: () => ['configurationIde'] as const,
  document: (envId: string) =>
    queryOptions({
      queryKey: [...ideQueries.all(), envId, 'document'] as const,
      queryFn: ({ signal }) => request(getConfigurationDocument, { params: { envId }, signal }),
      // The structured screens edit the same data: read it afresh every time the IDE opens.
      staleTime: 0,
      refetchOnMount: 'always',
    }),
};
