/**
 * Every organisation, project and environment the caller may see (the server leaves hidden
 * environments out): one cache entry for the index page, the rapid navigation and the files viewer's
 * environment picker.
 */
import { queryOptions } from '@tanstack/react-query';
import { navigationTargets } from '../contract/organisations';
import { request } from './request';

export function navigationTargetsQuery() {
  return queryOptions({
    queryKey: ['navigation', 'targets'] as const,
    queryFn: ({ signal }) => request(navigationTargets, { signal }),
  });
}
