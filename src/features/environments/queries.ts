/** Query-key factory and options of the environment management screens. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { listAccessKeys, listWebhooks } from '../../contract/access-keys';
import { getEnvironmentSettings, listEnvironments } from '../../contract/environments';
import { getProject } from '../../contract/organisations';
import { compareVersions, listVersions } from '../../contract/versions';
import { contextEndpoints, serverEndpoints } from '../../contract/nlu';

export const environmentQueries = {
  all: () => ['environments'] as const,
  list: (projectId: string) =>
    queryOptions({
      queryKey: [...environmentQueries.all(), 'list', projectId] as const,
      queryFn: ({ signal }) => request(listEnvironments, { params: { projectId }, signal }),
      refetchInterval: (query) => (query.state.data?.some((env) => env.deleting) ? 1000 : false),
    }),
  /** The project, for the caller's profile on it (what the screens may offer). */
  project: (projectId: string) =>
    queryOptions({
      queryKey: [...environmentQueries.all(), 'project', projectId] as const,
      queryFn: ({ signal }) => request(getProject, { params: { projectId }, signal }),
    }),
  settings: (envId: string) =>
    queryOptions({
      queryKey: [...environmentQueries.all(), 'settings', envId] as const,
      queryFn: ({ signal }) => request(getEnvironmentSettings, { params: { envId }, signal }),
    }),
  /** The environment's NLU context names, for the modules' context picker (§3 "context (NLU)"). */
  nluContexts: (envId: string) =>
    queryOptions({
      queryKey: [...environmentQueries.all(), 'nluContexts', envId] as const,
      queryFn: async ({ signal }) => (await request(contextEndpoints.list, { params: { envId }, signal })).map((context) => context.name),
    }),
  /** The NLU servers' facts the module list checks the pipeline against (§5 categorization compatibility). */
  nluServers: (envId: string) =>
    queryOptions({
      queryKey: [...environmentQueries.all(), 'nluServers', envId] as const,
      queryFn: async ({ signal }) =>
        (await request(serverEndpoints.list, { params: { envId }, signal })).map(({ name, aiVersion, responseFormat }) => ({ name, aiVersion, responseFormat })),
    }),
  accessKeys: (envId: string) =>
    queryOptions({
      queryKey: [...environmentQueries.all(), 'accessKeys', envId] as const,
      queryFn: ({ signal }) => request(listAccessKeys, { params: { envId }, signal }),
    }),
  webhooks: (envId: string) =>
    queryOptions({
      queryKey: [...environmentQueries.all(), 'webhooks', envId] as const,
      queryFn: ({ signal }) => request(listWebhooks, { params: { envId }, signal }),
    }),
  versions: (envId: string) =>
    queryOptions({
      queryKey: [...environmentQueries.all(), 'versions', envId] as const,
      queryFn: ({ signal }) => request(listVersions, { params: { envId }, signal }),
    }),
  /** Under the environment's versions key, so saving, restoring or deleting refreshes comparisons too. */
  compare: (envId: string, from: string, to: string) =>
    queryOptions({
      queryKey: [...environmentQueries.versions(envId).queryKey, 'compare', from, to] as const,
      queryFn: ({ signal }) => request(compareVersions, { params: { envId }, query: { from, to }, signal }),
    }),
};
