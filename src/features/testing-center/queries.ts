/** Query-key factory of the testing center's bank screens (list, message, tags, sets, parameters, vocabulary). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { EndpointQuery } from '../../contract/define';
import { listEnvironments } from '../../contract/environments';
import { getProject } from '../../contract/organisations';
import {
  bankSetMessageIds,
  getBankMessage,
  getLabellingVocabulary,
  getTestingCenterParameters,
  latestObtainedValues,
  listBankMessages,
  listBankSets,
  listBankTags,
} from '../../contract/testing-center-bank';

export type BankQuery = EndpointQuery<typeof listBankMessages>;

export const bankQueries = {
  all: (projectId: string) => ['testingCenter', projectId] as const,
  lists: (projectId: string) => [...bankQueries.all(projectId), 'list'] as const,
  list: (projectId: string, query: BankQuery) =>
    queryOptions({
      queryKey: [...bankQueries.lists(projectId), query] as const,
      queryFn: ({ signal }) => request(listBankMessages, { params: { projectId }, query, signal }),
      placeholderData: keepPreviousData,
    }),
  message: (projectId: string, messageId: string) =>
    queryOptions({
      queryKey: [...bankQueries.all(projectId), 'message', messageId] as const,
      queryFn: ({ signal }) => request(getBankMessage, { params: { projectId, messageId }, signal }),
    }),
  latestObtained: (projectId: string, messageId: string) =>
    queryOptions({
      queryKey: [...bankQueries.all(projectId), 'latestObtained', messageId] as const,
      queryFn: ({ signal }) => request(latestObtainedValues, { params: { projectId, messageId }, signal }),
    }),
  tags: (projectId: string) =>
    queryOptions({
      queryKey: [...bankQueries.all(projectId), 'tags'] as const,
      queryFn: ({ signal }) => request(listBankTags, { params: { projectId }, signal }),
    }),
  sets: (projectId: string) =>
    queryOptions({
      queryKey: [...bankQueries.all(projectId), 'sets'] as const,
      queryFn: ({ signal }) => request(listBankSets, { params: { projectId }, signal }),
    }),
  setMessageIds: (projectId: string, setId: string) =>
    queryOptions({
      queryKey: [...bankQueries.all(projectId), 'sets', setId, 'ids'] as const,
      queryFn: ({ signal }) => request(bankSetMessageIds, { params: { projectId, setId }, signal }),
    }),
  parameters: (projectId: string) =>
    queryOptions({
      queryKey: [...bankQueries.all(projectId), 'parameters'] as const,
      queryFn: ({ signal }) => request(getTestingCenterParameters, { params: { projectId }, signal }),
    }),
  /** The project, for the caller's rights (what the screens offer). */
  project: (projectId: string) =>
    queryOptions({
      queryKey: [...bankQueries.all(projectId), 'project'] as const,
      queryFn: ({ signal }) => request(getProject, { params: { projectId }, signal }),
    }),
  /** What the qualification screen offers on an environment: its categories and extraction fields. */
  vocabulary: (environmentId: string) =>
    queryOptions({
      queryKey: ['testingCenter', 'vocabulary', environmentId] as const,
      queryFn: ({ signal }) => request(getLabellingVocabulary, { params: { envId: environmentId }, signal }),
    }),
  /** The project's environments, for sampling and qualification. */
  environments: (projectId: string) =>
    queryOptions({
      queryKey: [...bankQueries.all(projectId), 'environments'] as const,
      queryFn: ({ signal }) => request(listEnvironments, { params: { projectId }, signal }),
    }),
};
