/**
 * The organisation as the caller sees it (name, quota, contract start, whether the caller administers
 * it): one cache entry shared by the organisation layout's menu and the organisation screens.
 */
import { queryOptions } from '@tanstack/react-query';
import { getOrganisation } from '../contract/organisations';
import { request } from './request';

export function organisationQuery(orgaId: string) {
  return queryOptions({
    queryKey: ['organisation', orgaId] as const,
    queryFn: ({ signal }) => request(getOrganisation, { params: { orgaId }, signal }),
  });
}
