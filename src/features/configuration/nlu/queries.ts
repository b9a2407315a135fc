/** Query-key factory and options of the NLU screens: one list per kind of item, per environment. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { getEnvironmentSettings } from '../../../contract/environments';
import {
  archetypeEndpoints,
  checkNlu,
  contextEndpoints,
  functionEndpoints,
  interactionEndpoints,
  serverEndpoints,
} from '../../../contract/nlu';

export const nluQueries = {
  all: () => ['nlu'] as const,
  env: (envId: string) => [...nluQueries.all(), envId] as const,
  archetypes: (envId: string) =>
    queryOptions({
      queryKey: [...nluQueries.env(envId), 'archetypes'] as const,
      queryFn: ({ signal }) => request(archetypeEndpoints.list, { params: { envId }, signal }),
    }),
  contexts: (envId: string) =>
    queryOptions({
      queryKey: [...nluQueries.env(envId), 'contexts'] as const,
      queryFn: ({ signal }) => request(contextEndpoints.list, { params: { envId }, signal }),
    }),
  interactions: (envId: string) =>
    queryOptions({
      queryKey: [...nluQueries.env(envId), 'interactions'] as const,
      queryFn: ({ signal }) => request(interactionEndpoints.list, { params: { envId }, signal }),
    }),
  functions: (envId: string) =>
    queryOptions({
      queryKey: [...nluQueries.env(envId), 'functions'] as const,
      queryFn: ({ signal }) => request(functionEndpoints.list, { params: { envId }, signal }),
    }),
  servers: (envId: string) =>
    queryOptions({
      queryKey: [...nluQueries.env(envId), 'servers'] as const,
      // The token never enters the (persisted) query cache: the settings dialog asks for it on demand.
      queryFn: async ({ signal }) =>
        (await request(serverEndpoints.list, { params: { envId }, signal })).map((server) => ({ ...server, token: null })),
      // A starting server becomes started within moments: follow it without a manual refresh.
      refetchInterval: (query) => (query.state.data?.some((server) => server.status === 'starting') ? 1000 : false),
    }),
  check: (envId: string) =>
    queryOptions({
      queryKey: [...nluQueries.env(envId), 'check'] as const,
      queryFn: ({ signal }) => request(checkNlu, { params: { envId }, signal }),
    }),
  /** The environment's languages: candidates of `auto` in the offline test when the contexts declare none. */
  languages: (envId: string) =>
    queryOptions({
      queryKey: [...nluQueries.env(envId), 'languages'] as const,
      queryFn: async ({ signal }) => (await request(getEnvironmentSettings, { params: { envId }, signal })).settings.languages,
    }),
  /** The environment's modules: what a new server needs (servers-page.tsx). */
  modules: (envId: string) =>
    queryOptions({
      queryKey: [...nluQueries.env(envId), 'modules'] as const,
      queryFn: async ({ signal }) => (await request(getEnvironmentSettings, { params: { envId }, signal })).settings.modules,
    }),
};
