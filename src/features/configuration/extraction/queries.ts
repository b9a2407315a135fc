/** Query-key factory and options of the information extraction screens, per environment. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { listAnalyses } from '../../../contract/analyses';
import { getEnvironmentSettings } from '../../../contract/environments';
import { getExtractionSettings } from '../../../contract/extraction';

export const extractionQueries = {
  all: () => ['extraction'] as const,
  env: (envId: string) => [...extractionQueries.all(), envId] as const,
  /** The environment's modules (to list its extraction modules). */
  modules: (envId: string) =>
    queryOptions({
      queryKey: [...extractionQueries.env(envId), 'modules'] as const,
      queryFn: async ({ signal }) => (await request(getEnvironmentSettings, { params: { envId }, signal })).settings.modules.map(({ config: _config, ...module }) => module),
    }),
  settings: (envId: string, moduleId: string) =>
    queryOptions({
      queryKey: [...extractionQueries.env(envId), 'settings', moduleId] as const,
      queryFn: ({ signal }) => request(getExtractionSettings, { params: { envId, moduleId }, signal }),
    }),
  /** The latest analyses of the environment, for tests on an existing analysis. */
  analyses: (envId: string) =>
    queryOptions({
      queryKey: [...extractionQueries.env(envId), 'analyses'] as const,
      queryFn: ({ signal }) => request(listAnalyses, { params: { envId }, query: { page: 1, pageSize: 25, inMetadata: false, sort: 'createdAt', order: 'desc' }, signal }),
    }),
};
