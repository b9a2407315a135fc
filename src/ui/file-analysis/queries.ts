/**
 * What the files viewer's analysis reads from the server: the environment's configuration and its NLU
 * lists, through the endpoints the configuration screens use. Kept in the persisted query cache, so an
 * environment analysed once can be used again offline.
 */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { getEnvironmentSettings } from '../../contract/environments';
import { archetypeEndpoints, contextEndpoints, functionEndpoints, interactionEndpoints, serverEndpoints } from '../../contract/nlu';
import type { ReplayNluLists } from '../../testing-center/replay-setup';

export const fileAnalysisQueries = {
  all: () => ['fileAnalysis'] as const,
  environment: (envId: string) =>
    queryOptions({
      queryKey: [...fileAnalysisQueries.all(), 'environment', envId] as const,
      queryFn: async ({ signal }) => {
        const params = { params: { envId }, signal };
        const [details, archetypes, contexts, interactions, functions, servers] = await Promise.all([
          request(getEnvironmentSettings, params),
          request(archetypeEndpoints.list, params),
          request(contextEndpoints.list, params),
          request(interactionEndpoints.list, params),
          request(functionEndpoints.list, params),
          request(serverEndpoints.list, params),
        ]);
        const lists: ReplayNluLists = { archetypes, contexts, interactions, functions, servers };
        return { settings: details.settings, lists };
      },
    }),
};
