/** Query-key factory and options for organisations, projects and environments lists. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { organisationQuery } from '../../api/organisation-query';
import { getProject, listProjects } from '../../contract/organisations';
import { listEnvironments } from '../../contract/environments';

export const projectQueries = {
  all: () => ['projects'] as const,
  organisation: organisationQuery,
  list: (orgaId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'list', orgaId] as const,
      queryFn: ({ signal }) => request(listProjects, { params: { orgaId }, signal }),
    }),
  detail: (projectId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'detail', projectId] as const,
      queryFn: ({ signal }) => request(getProject, { params: { projectId }, signal }),
    }),
  environments: (projectId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'environments', projectId] as const,
      queryFn: ({ signal }) => request(listEnvironments, { params: { projectId }, signal }),
      // Deletion is asynchronous (§4): while one is going, the list refreshes itself.
      refetchInterval: (query) => (query.state.data?.some((env) => env.deleting) ? 1000 : false),
    }),
};
