/** Whether the signed-in user administers the environment's organisation (§6 admin-only sections). */
import { useQuery } from '@tanstack/react-query';
import { organisationQuery } from '../../../api/organisation-query';
import { request } from '../../../api/request';
import { getEnvironment } from '../../../contract/environments';

export function useOrganisationAdmin(envId: string): boolean {
  const env = useQuery({ queryKey: ['environment', envId, 'summary'] as const, queryFn: ({ signal }) => request(getEnvironment, { params: { envId }, signal }) });
  const orgaId = env.data?.organisationId ?? '';
  const organisation = useQuery({ ...organisationQuery(orgaId), enabled: orgaId !== '' });
  return organisation.data?.isAdmin === true;
}
