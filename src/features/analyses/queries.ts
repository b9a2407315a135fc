/** Query-key factory of the analyses screens (list, result, extractor test) and what they need beside. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { getAnalysis, listAnalyses, type AnalysisStatus } from '../../contract/analyses';
import type { EndpointQuery } from '../../contract/define';
import { getEnvironmentSettings } from '../../contract/environments';
import { getProject } from '../../contract/organisations';

/** While an analysis is waiting or pending, its views poll (§4 progress shown without a reload). */
/** The list query once parsed (what `request` takes and checks again). */
export type ListQuery = EndpointQuery<typeof listAnalyses>;

export const RUNNING_REFRESH_MS = 2000;
/** While a webhook delivery waits for its (backed-off) time. */
export const DELIVERY_REFRESH_MS = 5000;
const RUNNING: readonly AnalysisStatus[] = ['waiting', 'pending'];

export function isRunning(analysis: { status: AnalysisStatus; awaitingFinalStatus?: boolean }): boolean {
  // Awaiting the external final-status call can take days: no point in polling for it.
  return RUNNING.includes(analysis.status) && analysis.awaitingFinalStatus !== true;
}

export const analysesQueries = {
  all: () => ['analyses'] as const,
  lists: (envId: string) => [...analysesQueries.all(), 'list', envId] as const,
  list: (envId: string, query: ListQuery) =>
    queryOptions({
      queryKey: [...analysesQueries.lists(envId), query] as const,
      queryFn: ({ signal }) => request(listAnalyses, { params: { envId }, query, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.items.some(isRunning) ? RUNNING_REFRESH_MS : false),
    }),
  detail: (envId: string, analysisId: string) =>
    queryOptions({
      queryKey: [...analysesQueries.all(), 'detail', envId, analysisId] as const,
      queryFn: ({ signal }) => request(getAnalysis, { params: { envId, analysisId }, signal }),
      refetchInterval: (q) => {
        const data = q.state.data;
        if (!data) return false;
        if (isRunning(data)) return RUNNING_REFRESH_MS;
        // Webhook retries back off after the analysis is done: keep the attempts current, more slowly.
        return data.deliveries.some((attempt) => attempt.outcome === 'scheduled') ? DELIVERY_REFRESH_MS : false;
      },
      // 404 and 409 (anonymized) will not change by asking again.
      retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && [404, 409].includes(Number(error.status))),
    }),
  settings: (envId: string) =>
    queryOptions({
      queryKey: [...analysesQueries.all(), 'settings', envId] as const,
      queryFn: ({ signal }) => request(getEnvironmentSettings, { params: { envId }, signal }),
    }),
  /** The project, for the caller's profile on it (which actions the screens offer) and its type. */
  project: (projectId: string) =>
    queryOptions({
      queryKey: [...analysesQueries.all(), 'project', projectId] as const,
      queryFn: ({ signal }) => request(getProject, { params: { projectId }, signal }),
    }),
};
