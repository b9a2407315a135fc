/** Query-key factory and options of the categorization and consolidation screens, per environment. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { checkCategorization, getCategorizationSettings, getConsolidationSettings } from '../../../contract/categorization';
import { getEnvironmentSettings } from '../../../contract/environments';
import { listAnalyses } from '../../../contract/analyses';

export const categorizationQueries = {
  all: () => ['categorization'] as const,
  env: (envId: string) => [...categorizationQueries.all(), envId] as const,
  /** The environment's modules (to find its categorization and consolidation modules). */
  modules: (envId: string) =>
    queryOptions({
      queryKey: [...categorizationQueries.env(envId), 'modules'] as const,
      queryFn: async ({ signal }) => (await request(getEnvironmentSettings, { params: { envId }, signal })).settings.modules.map(({ config: _config, ...module }) => module),
    }),
  categorization: (envId: string, moduleId: string) =>
    queryOptions({
      queryKey: [...categorizationQueries.env(envId), 'categorization', moduleId] as const,
      queryFn: ({ signal }) => request(getCategorizationSettings, { params: { envId, moduleId }, signal }),
    }),
  consolidation: (envId: string, moduleId: string) =>
    queryOptions({
      queryKey: [...categorizationQueries.env(envId), 'consolidation', moduleId] as const,
      queryFn: ({ signal }) => request(getConsolidationSettings, { params: { envId, moduleId }, signal }),
    }),
  check: (envId: string) =>
    queryOptions({
      queryKey: [...categorizationQueries.env(envId), 'check'] as const,
      queryFn: ({ signal }) => request(checkCategorization, { params: { envId }, signal }),
    }),
  /** The latest analyses of the environment, for the test panel's "existing analysis" picker. */
  analyses: (envId: string) =>
    queryOptions({
      queryKey: [...categorizationQueries.env(envId), 'analyses'] as const,
      queryFn: ({ signal }) => request(listAnalyses, { params: { envId }, query: { page: 1, pageSize: 25, inMetadata: false, sort: 'createdAt', order: 'desc' }, signal }),
    }),
};
