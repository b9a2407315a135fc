/**
 * Who may do what (spec §1, §6): project profiles, provider staff's capabilities and the permission
 * rule of an endpoint, as plain data and functions. Apart from define.ts (which re-exports them beside
 * the endpoints) so the console's guard can check a page's rule without loading zod and the schemas.
 */
/**
 * Access profiles on a project, weakest first (spec §6); organisation admins count as configurators.
 * Cockpit is "dashboard only": a rule at cockpit opens the dashboard, the alerts and the names the
 * shell needs, never a mail (server/auth/cockpit-access.test.ts lists each one with its reason).
 */
export const PROJECT_PROFILES = ['noAccess', 'cockpit', 'qualifier', 'configurator'] as const;
export type ProjectProfile = (typeof PROJECT_PROFILES)[number];

/** Provider staff (spec §1): `sre` operates the platform, `support` helps users by ghosting them. */
export type ProviderRole = 'sre' | 'support';

/**
 * What provider staff may do in customers' organisations without ghosting anyone (spec §1, §6).
 * `operations` is the SRE's: look at environments and their analyses, reprocess, abort, test the
 * extractor, change environment settings and versions, start and stop servers; never rename or
 * delete projects, manage members, create access keys or webhooks, edit the organisation, or
 * create or delete environments. Support holds none: it sees customer data only while ghosting a
 * user, with exactly that user's rights. The audit log records every call of provider staff.
 */
export type ProviderCapability = 'operations';
export const PROVIDER_CAPABILITIES: Record<ProviderRole, readonly ProviderCapability[]> = {
  sre: ['operations'],
  support: [],
};

/** The provider capabilities of a caller (none for customers' users and for anyone being ghosted). */
export function capabilitiesOf(providerRole: ProviderRole | null): readonly ProviderCapability[] {
  return providerRole === null ? [] : PROVIDER_CAPABILITIES[providerRole];
}

/**
 * What an organisation rule asks of its own members. `contributor` guards the organisation-wide
 * pages that are not the dashboard (members, organisation consumption, toolbox, use-case library):
 * its admins, and members holding qualifier or configurator on at least one of its projects. Cockpit
 * is "dashboard only" (spec §6), so a member whose profiles are all cockpit or noAccess is refused.
 * Light users, who pass only rules marked `lightUsers`, pass it as members (their self-service
 * screens read the library before they have a project).
 */
export type OrganisationNeed = 'guest' | 'member' | 'contributor' | 'admin';

/**
 * The permission rule of an endpoint. Scoped rules name the path parameter that holds the
 * organisation, project or environment id, so every scoped path carries its scope.
 * - public: no token (sign-in, password reset);
 * - signedIn: any signed-in user, the handler only touches the user's own data;
 * - organisation: `guest` lets in external guests too, `member` only the organisation's own members,
 *   `contributor` only those of its own members who work on its projects (see `OrganisationNeed`),
 *   `admin` only its organisation admins;
 * - project / environment: at least that access profile on the project; a private environment is
 *   invisible (404) below configurator;
 * - `staff` on a scoped rule: the provider capability that also opens it to provider staff, who are
 *   members of no organisation; without it they are refused (support: as if it did not exist);
 * - provider: provider staff only (`staff` = sre or support);
 * - accessKey: a program holding an access key of the environment in the path (`Authorization:
 *   Bearer pk_…` or `X-Api-Key`); no user is signed in.
 */
export type Access = (
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'organisation'; param: string; need: OrganisationNeed; staff?: ProviderCapability }
  | { kind: 'project' | 'environment'; param: string; need: Exclude<ProjectProfile, 'noAccess'>; staff?: ProviderCapability }
  | { kind: 'provider'; need: 'sre' | 'support' | 'staff' }
  | { kind: 'accessKey'; param: string }
) & {
  /**
   * Light (self-service) users may call it too, within the rule above: set (with `forLightUsers`)
   * on exactly the endpoints the self-service screens call. Every other endpoint refuses a light user
   * (403 `lightUserRefused`), whatever profile they hold on their own project.
   */
  lightUsers?: true;
};

type Need = Exclude<ProjectProfile, 'noAccess'>;
const withStaff = (staff: ProviderCapability | undefined) => (staff === undefined ? {} : { staff });

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  organisation: (param: string, need: OrganisationNeed, staff?: ProviderCapability): Access => ({
    kind: 'organisation',
    param,
    need,
    ...withStaff(staff),
  }),
  project: (param: string, need: Need, staff?: ProviderCapability): Access => ({
    kind: 'project',
    param,
    need,
    ...withStaff(staff),
  }),
  environment: (param: string, need: Need, staff?: ProviderCapability): Access => ({
    kind: 'environment',
    param,
    need,
    ...withStaff(staff),
  }),
  provider: (need: 'sre' | 'support' | 'staff'): Access => ({ kind: 'provider', need }),
  accessKey: (param: string): Access => ({ kind: 'accessKey', param }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

/** The same rule, opened to light users too (see `Access.lightUsers`). */
export function forLightUsers<A extends Access>(rule: A): A & { lightUsers: true } {
  return { ...rule, lightUsers: true };
}

/**
 * A caller's rights on one project: its access profile there (members), and the provider
 * capabilities it holds (provider staff, who have no profile). Served with every project, so the
 * console decides what to offer with `allows` below, the rule the server applies.
 */
export interface ProjectRights {
  profile: ProjectProfile;
  capabilities: readonly ProviderCapability[];
}

export function atLeast(profile: ProjectProfile | null, need: ProjectProfile): boolean {
  return profile !== null && PROJECT_PROFILES.indexOf(profile) >= PROJECT_PROFILES.indexOf(need);
}

/**
 * The `contributor` need (see `OrganisationNeed`) from what is known of one member of an
 * organisation: the server's check and the current user's `contributor` flag both come from here.
 */
export function contributes(member: { guest: boolean; admin: boolean; isLight: boolean; profiles: readonly ProjectProfile[] }): boolean {
  if (member.guest) return false;
  return member.admin || member.isLight || member.profiles.some((profile) => atLeast(profile, 'qualifier'));
}

/** Whether these rights open a project or environment rule (the console's and the server's check). */
export function allows(rule: Access, rights: ProjectRights): boolean {
  if (rule.kind !== 'project' && rule.kind !== 'environment') return false;
  if (atLeast(rights.profile, rule.need)) return true;
  return rule.staff !== undefined && rights.capabilities.includes(rule.staff);
}

/** Whether the caller may call `endpoint` on a project it holds these rights on (not loaded yet: no). */
export function mayCall(endpoint: { access: Access }, rights: ProjectRights | undefined): boolean {
  return rights !== undefined && allows(endpoint.access, rights);
}

/** Whether private environments are visible with these rights (spec §6 "hidden environments"). */
export function seesPrivateEnvironments(rights: ProjectRights): boolean {
  return atLeast(rights.profile, 'configurator') || rights.capabilities.includes('operations');
}
