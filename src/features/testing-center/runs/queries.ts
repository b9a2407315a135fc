/** Query-key factory and options of the test runs and domain rules screens. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { listEnvironments } from '../../../contract/environments';
import { getProject } from '../../../contract/organisations';
import { listBankSets } from '../../../contract/testing-center-bank';
import { getDomainRules, getTest, listTests } from '../../../contract/testing-runs';
import { listVersions } from '../../../contract/versions';

const PAGE = 150;

const running = (status: string | undefined) => status === 'queued' || status === 'running';

export const testRunQueries = {
  all: () => ['testRuns'] as const,
  list: (projectId: string) =>
    queryOptions({
      queryKey: [...testRunQueries.all(), 'list', projectId] as const,
      queryFn: ({ signal }) => request(listTests, { params: { projectId }, signal }),
      // Live progress while a run goes on.
      refetchInterval: (query) => (query.state.data?.some((run) => running(run.status)) ? 1000 : false),
    }),
  detail: (projectId: string, testId: string) =>
    queryOptions({
      queryKey: [...testRunQueries.all(), 'detail', projectId, testId] as const,
      // In slices of PAGE messages: each answer is parsed and validated in its own task, so 1,000
      // messages never hold the main thread in one piece (docs/development/benchmarks.md, bench:testing-center).
      queryFn: async ({ signal }) => {
        const first = await request(getTest, { params: { projectId, testId }, query: { offset: 0, limit: PAGE }, signal });
        const messages = [...first.messages];
        while (messages.length < first.total) {
          const next = await request(getTest, { params: { projectId, testId }, query: { offset: messages.length, limit: PAGE }, signal });
          if (next.messages.length === 0) break;
          messages.push(...next.messages);
        }
        return { ...first, messages };
      },
      refetchInterval: (query) => (running(query.state.data?.status) ? 1000 : false),
      // Kept out of the persisted cache (src/api/persister.ts): a run of 1,000 messages would be
      // serialised and cloned into IndexedDB at every cache change, long tasks and GC on the results page.
      meta: { persist: false },
    }),
  domainRules: (projectId: string) =>
    queryOptions({
      queryKey: [...testRunQueries.all(), 'domainRules', projectId] as const,
      queryFn: ({ signal }) => request(getDomainRules, { params: { projectId }, signal }),
    }),
  project: (projectId: string) =>
    queryOptions({
      queryKey: [...testRunQueries.all(), 'project', projectId] as const,
      queryFn: ({ signal }) => request(getProject, { params: { projectId }, signal }),
    }),
  environments: (projectId: string) =>
    queryOptions({
      queryKey: [...testRunQueries.all(), 'environments', projectId] as const,
      queryFn: ({ signal }) => request(listEnvironments, { params: { projectId }, signal }),
    }),
  versions: (envId: string) =>
    queryOptions({
      queryKey: [...testRunQueries.all(), 'versions', envId] as const,
      queryFn: ({ signal }) => request(listVersions, { params: { envId }, signal }),
      enabled: envId !== '',
    }),
  sets: (projectId: string) =>
    queryOptions({
      queryKey: [...testRunQueries.all(), 'sets', projectId] as const,
      queryFn: async ({ signal }) => (await request(listBankSets, { params: { projectId }, signal })).sets,
    }),
};
