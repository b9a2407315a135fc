/** Query-key factory and options of the reply generator screens, per environment. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { listAnalyses } from '../../../contract/analyses';
import { getEnvironmentSettings } from '../../../contract/environments';
import { getReplyTemplates, listReplyTemplateErrors } from '../../../contract/reply-templates';

export const replyQueries = {
  all: () => ['replies'] as const,
  env: (envId: string) => [...replyQueries.all(), envId] as const,
  templates: (envId: string) =>
    queryOptions({
      queryKey: [...replyQueries.env(envId), 'templates'] as const,
      queryFn: ({ signal }) => request(getReplyTemplates, { params: { envId }, signal }),
    }),
  errors: (envId: string) =>
    queryOptions({
      queryKey: [...replyQueries.env(envId), 'errors'] as const,
      queryFn: ({ signal }) => request(listReplyTemplateErrors, { params: { envId }, signal }),
    }),
  /** The whole environment (the module settings screen saves it back with its module's config). */
  settings: (envId: string) =>
    queryOptions({
      queryKey: [...replyQueries.env(envId), 'settings'] as const,
      queryFn: ({ signal }) => request(getEnvironmentSettings, { params: { envId }, signal }),
    }),
  /** The latest analyses of the environment, for the Tests tab's picker. */
  analyses: (envId: string) =>
    queryOptions({
      queryKey: [...replyQueries.env(envId), 'analyses'] as const,
      queryFn: ({ signal }) => request(listAnalyses, { params: { envId }, query: { page: 1, pageSize: 25, inMetadata: false, sort: 'createdAt', order: 'desc' }, signal }),
    }),
};
