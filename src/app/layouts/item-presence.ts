/**
 * Whether the organisation, project and environment a URL names exist, from the cached queries the
 * breadcrumbs read: `missing` only on the server's 404, or for an environment once a fresh list of
 * the project's environments lacks it (a list cached before the environment was created is asked
 * again first, so a new environment is never called missing).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { organisationQuery } from '../../api/organisation-query';
import { environmentQueries } from '../../features/environments/queries';
import { isMissing } from '../../ui/missing-item';

export type Presence = 'pending' | 'present' | 'missing' | 'unknown';

function presenceOf(query: { isPending: boolean; isError: boolean; error: unknown }): Presence {
  if (query.isError) return isMissing(query.error) ? 'missing' : 'unknown';
  return query.isPending ? 'pending' : 'present';
}

export function useProjectPresence(projectId: string | undefined) {
  const project = useQuery({ ...environmentQueries.project(projectId ?? ''), enabled: projectId !== undefined });
  return { project, presence: presenceOf(project) };
}

export function useOrganisationPresence(orgaId: string | undefined) {
  const organisation = useQuery({ ...organisationQuery(orgaId ?? ''), enabled: orgaId !== undefined });
  return { organisation, presence: presenceOf(organisation) };
}

export function useEnvironmentPresence(projectId: string | undefined, envId: string | undefined) {
  const environments = useQuery({ ...environmentQueries.list(projectId ?? ''), enabled: projectId !== undefined && envId !== undefined });
  const alive = (environments.data ?? []).filter((env) => !env.deleting);
  const environment = alive.find((env) => env.id === envId);
  // The environment whose absence a list asked again confirmed: a list cached before it was created would lie.
  const [confirmed, setConfirmed] = useState<string | undefined>(undefined);
  const { refetch, isFetching, isSuccess } = environments;
  const absent = isSuccess && environment === undefined;
  useEffect(() => {
    if (absent && confirmed !== envId && !isFetching) void refetch({ cancelRefetch: false }).then(() => setConfirmed(envId));
  }, [absent, confirmed, envId, isFetching, refetch]);
  let presence: Presence = presenceOf(environments);
  if (presence === 'present' && environment === undefined) presence = isFetching || confirmed !== envId ? 'pending' : 'missing';
  return { environments, alive, environment, presence };
}
