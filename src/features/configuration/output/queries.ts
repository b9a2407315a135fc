/** Query-key factory and options of the output settings screen, per environment. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { listAnalyses } from '../../../contract/analyses';
import { getEnvironmentSettings } from '../../../contract/environments';
import { getOutputSettings } from '../../../contract/output';

export const outputQueries = {
  all: () => ['output'] as const,
  env: (envId: string) => [...outputQueries.all(), envId] as const,
  /** The environment's modules, without their configurations (to find its output module). */
  modules: (envId: string) =>
    queryOptions({
      queryKey: [...outputQueries.env(envId), 'modules'] as const,
      queryFn: async ({ signal }) => (await request(getEnvironmentSettings, { params: { envId }, signal })).settings.modules.map(({ config: _config, ...module }) => module),
    }),
  settings: (envId: string, moduleId: string) =>
    queryOptions({
      queryKey: [...outputQueries.env(envId), 'settings', moduleId] as const,
      queryFn: ({ signal }) => request(getOutputSettings, { params: { envId, moduleId }, signal }),
    }),
  /** The latest processed analyses of the environment matching `search` (name or metadata), for the preview's picker. */
  analyses: (envId: string, search: string) =>
    queryOptions({
      queryKey: [...outputQueries.env(envId), 'analyses', search] as const,
      queryFn: ({ signal }) =>
        request(listAnalyses, {
          params: { envId },
          query: { page: 1, pageSize: 25, inMetadata: search !== '', status: ['processed'], sort: 'createdAt', order: 'desc', ...(search ? { search } : {}) },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
};
