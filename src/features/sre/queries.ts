/** Query-key factory of the SRE screens. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { analysesCounter } from '../../contract/sre';
import { listAllOrganisations } from '../../contract/provider-organisations';
import {
  getReprocessProgress,
  listSreAnalyses,
  listSreScopes,
  type SreAnalysesQuery,
  type SreAnalysisKind,
} from '../../contract/sre-analyses';

export const sreQueries = {
  all: () => ['sre'] as const,
  counter: (from: string, to: string, tz: string) =>
    queryOptions({
      queryKey: [...sreQueries.all(), 'counter', from, to, tz] as const,
      queryFn: ({ signal }) => request(analysesCounter, { query: { from, to, tz }, signal }),
    }),
  /** Every list of both screens: a reprocess invalidates them all. */
  analysesLists: () => [...sreQueries.all(), 'analyses'] as const,
  analyses: (query: SreAnalysesQuery) =>
    queryOptions({
      queryKey: [...sreQueries.analysesLists(), query] as const,
      queryFn: ({ signal }) => request(listSreAnalyses, { query, signal }),
      placeholderData: keepPreviousData,
    }),
  scopes: (kind: SreAnalysisKind) =>
    queryOptions({
      queryKey: [...sreQueries.all(), 'scopes', kind] as const,
      queryFn: ({ signal }) => request(listSreScopes, { query: { kind }, signal }),
    }),
  organisations: () =>
    queryOptions({
      queryKey: [...sreQueries.all(), 'organisations'] as const,
      queryFn: ({ signal }) => request(listAllOrganisations, { signal }),
    }),
  progress: (batchId: string) =>
    queryOptions({
      queryKey: [...sreQueries.all(), 'progress', batchId] as const,
      queryFn: ({ signal }) => request(getReprocessProgress, { params: { batchId }, signal }),
    }),
};
