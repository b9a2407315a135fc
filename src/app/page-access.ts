/**
 * Whether the signed-in user may open a page, by the page table of src/contract/page-access.ts and
 * what the current user says about them (their organisations, profiles per project, provider role).
 * The guard shows the "no access" page on a refusal; the menus offer only the pages this opens.
 * Support acting as a user is that user here too: the current user is then the ghosted one.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { User } from '../contract/auth';
import { atLeast, capabilitiesOf, type ProviderRole } from '../contract/access-rules';
import { pageRule, type PageRule } from '../contract/page-access';
import { authQueries } from '../features/auth/queries';

type Subject = Pick<User, 'role' | 'organisations' | 'projectPermissions' | 'isLight'>;
type Params = Readonly<Record<string, string | undefined>>;

const PROVIDER_ROLES: Partial<Record<User['role'], ProviderRole>> = { ROLE_PROVIDER_SRE: 'sre', ROLE_PROVIDER_SUPPORT: 'support' };

export function pageAllows(rule: PageRule, user: Subject, params: Params): boolean {
  const providerRole = PROVIDER_ROLES[user.role] ?? null;
  const capabilities = capabilitiesOf(providerRole);
  const staffOpens = 'staff' in rule && rule.staff !== undefined && capabilities.includes(rule.staff);
  switch (rule.kind) {
    case 'public':
    case 'signedIn':
      return true;
    case 'provider':
      return providerRole === rule.need;
    case 'anyOrganisation':
      return staffOpens || (providerRole === null && !user.isLight && user.organisations.some((orga) => orga.contributor));
    case 'organisation': {
      // Provider staff are members of no organisation: only a capability the rule names lets them in.
      if (staffOpens) return true;
      const orga = providerRole === null ? user.organisations.find((o) => o.id === params.orgaId) : undefined;
      if (orga === undefined) return false;
      if (rule.need === 'admin') return orga.admin;
      if (rule.need === 'contributor') return orga.contributor;
      return rule.need === 'guest' || !orga.guest;
    }
    case 'project': {
      if (staffOpens) return true;
      const profile = user.projectPermissions.find((grant) => grant.projectId === params.projectId)?.profile ?? 'noAccess';
      return atLeast(profile, rule.need);
    }
  }
}

/** Whether the user may open the page named `name` (a route title) with these path parameters. */
export function mayOpenPage(name: string, user: Subject | undefined, params: Params): boolean {
  const rule = pageRule(name);
  if (rule === undefined) return true;
  return user !== undefined && pageAllows(rule, user, params);
}

/** For menus: a test of page names against the current user and the route's parameters (false until the user is loaded). */
export function usePageAccess(): (name: string, params?: Params) => boolean {
  const { data: user } = useQuery(authQueries.currentUser());
  const routeParams = useParams();
  return (name, params) => mayOpenPage(name, user, { ...routeParams, ...params });
}
