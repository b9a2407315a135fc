/** Query-key factory of the error logs screen: one entry per environment and filter set. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { listErrorLogs, type ErrorLogsQuery } from '../../../contract/error-logs';

export const errorLogQueries = {
  all: () => ['errorLogs'] as const,
  list: (envId: string, query: ErrorLogsQuery) =>
    queryOptions({
      queryKey: [...errorLogQueries.all(), envId, query] as const,
      queryFn: ({ signal }) => request(listErrorLogs, { params: { envId }, query, signal }),
    }),
};
