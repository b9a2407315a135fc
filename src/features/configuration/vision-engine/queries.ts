/** Query-key factory and options of the vision engine screens, per environment. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { getEnvironmentSettings } from '../../../contract/environments';
import { getVisionEngineSettings } from '../../../contract/vision-engine';

export const visionQueries = {
  all: () => ['visionEngine'] as const,
  env: (envId: string) => [...visionQueries.all(), envId] as const,
  /** The environment's modules (to find its vision engine modules). */
  modules: (envId: string) =>
    queryOptions({
      queryKey: [...visionQueries.env(envId), 'modules'] as const,
      queryFn: async ({ signal }) => (await request(getEnvironmentSettings, { params: { envId }, signal })).settings.modules.map(({ config: _config, ...module }) => module),
    }),
  settings: (envId: string, moduleId: string) =>
    queryOptions({
      queryKey: [...visionQueries.env(envId), 'settings', moduleId] as const,
      queryFn: ({ signal }) => request(getVisionEngineSettings, { params: { envId, moduleId }, signal }),
    }),
};
