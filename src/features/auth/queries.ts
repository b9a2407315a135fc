/**
 * Query-key factory and query options for the signed-in user.
 * The contract modules (their zod schemas) are imported when a query runs rather than with this
 * module: the navigation guard imports it, and no page should wait for zod to paint (bench/shell).
 * Other features import their contracts statically, as usual.
 */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

export const authQueries = {
  all: () => ['auth'] as const,
  currentUser: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'currentUser'] as const,
      queryFn: async ({ signal }) => request((await import('../../contract/auth')).currentUser, { signal }),
      staleTime: 5 * 60 * 1000,
    }),
};
