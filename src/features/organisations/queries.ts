/** Query-key factory of the organisation screens (settings, members, invitations, audit logs). */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { listAuditLogs, listInvitations, listMembers } from '../../contract/members';
import { organisationQuery } from '../../api/organisation-query';
import { listProjects } from '../../contract/organisations';
import { getIdentityProvider } from '../../contract/sso';

export interface AuditFilters {
  person?: string;
  action?: string;
  from?: string;
  to?: string;
  page: number;
}

export const organisationQueries = {
  all: () => ['organisations'] as const,
  detail: organisationQuery,
  projects: (orgaId: string) =>
    queryOptions({
      queryKey: [...organisationQueries.all(), 'projects', orgaId] as const,
      queryFn: ({ signal }) => request(listProjects, { params: { orgaId }, signal }),
    }),
  members: (orgaId: string) =>
    queryOptions({
      queryKey: [...organisationQueries.all(), 'members', orgaId] as const,
      queryFn: ({ signal }) => request(listMembers, { params: { orgaId }, signal }),
    }),
  invitations: (orgaId: string) =>
    queryOptions({
      queryKey: [...organisationQueries.all(), 'invitations', orgaId] as const,
      queryFn: ({ signal }) => request(listInvitations, { params: { orgaId }, signal }),
    }),
  /** The organisation's OIDC provider, `null` when none is set. */
  identityProvider: (orgaId: string) =>
    queryOptions({
      queryKey: [...organisationQueries.all(), 'identityProvider', orgaId] as const,
      queryFn: ({ signal }) => request(getIdentityProvider, { params: { orgaId }, signal }),
    }),
  auditLogs: (orgaId: string, filters: AuditFilters) =>
    queryOptions({
      queryKey: [...organisationQueries.all(), 'auditLogs', orgaId, filters] as const,
      queryFn: ({ signal }) => request(listAuditLogs, { params: { orgaId }, query: filters, signal }),
    }),
};
