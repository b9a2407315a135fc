/**
 * The toolbox queries more than one feature reads (the toolbox screens, the environment's kits screen
 * and the "save to toolbox" buttons of the configuration screens): one key factory for all.
 */
import { queryOptions } from '@tanstack/react-query';
import { getComponent, getKit, listKits } from '../contract/toolbox';
import { listEnvironmentSyncs, previewSync } from '../contract/toolbox-sync';
import { request } from './request';

export const toolboxQueries = {
  all: () => ['toolbox'] as const,
  organisation: (orgaId: string) => [...toolboxQueries.all(), 'organisation', orgaId] as const,
  kits: (orgaId: string, search = '') =>
    queryOptions({
      queryKey: [...toolboxQueries.organisation(orgaId), 'kits', search] as const,
      queryFn: ({ signal }) => request(listKits, { params: { orgaId }, query: search ? { search } : {}, signal }),
    }),
  kit: (orgaId: string, kitId: string) =>
    queryOptions({
      queryKey: [...toolboxQueries.organisation(orgaId), 'kit', kitId] as const,
      queryFn: ({ signal }) => request(getKit, { params: { orgaId, kitId }, signal }),
    }),
  component: (orgaId: string, componentId: string) =>
    queryOptions({
      queryKey: [...toolboxQueries.organisation(orgaId), 'component', componentId] as const,
      queryFn: ({ signal }) => request(getComponent, { params: { orgaId, componentId }, signal }),
    }),
  /** Environment side: the kits the environment is synced to. */
  syncs: (envId: string) =>
    queryOptions({
      queryKey: [...toolboxQueries.all(), 'environment', envId, 'syncs'] as const,
      queryFn: ({ signal }) => request(listEnvironmentSyncs, { params: { envId }, signal }),
    }),
  /** What syncing a kit would do: only true for the moment it is asked, so never kept. */
  preview: (envId: string, kitId: string) =>
    queryOptions({
      queryKey: [...toolboxQueries.all(), 'environment', envId, 'preview', kitId] as const,
      queryFn: ({ signal }) => request(previewSync, { params: { envId, kitId }, signal }),
      gcTime: 0,
      staleTime: 0,
    }),
};
