/**
 * The one permission check (spec §6). Every contract route declares an `access` rule; register.ts
 * calls `authorize` with it after the path parameters are parsed and before the query and body are,
 * so a caller without rights learns nothing from validation errors.
 *
 * Rights on a project (`ProjectRights`, src/contract/define.ts):
 * - organisation admins are configurators on every project of their organisation;
 * - everyone else has the profile granted to them on that project, or none;
 * - provider staff are members of no organisation: they hold provider capabilities instead, which
 *   open only the endpoints whose rule names them (SRE: `operations`). Support holds none, so it sees
 *   customer data only while ghosting a user, and then with exactly that user's rights.
 * A private environment is hidden (404, as if it did not exist) from members below configurator;
 * SRE sees it (operations).
 * Light (self-service) users pass only the rules marked `lightUsers` (the self-service screens'
 * endpoints), and then with their usual rights: the qualifier profile on their own project.
 */
import { and, eq } from 'drizzle-orm';
import type { Access, OrganisationNeed, ProjectProfile, ProjectRights, ProviderCapability } from '../../src/contract/define';
import { allows, atLeast, capabilitiesOf, contributes, seesPrivateEnvironments } from '../../src/contract/define';
import type { ServerContext } from '../context';
import { environments, members, projectPermissions, projects } from '../db/schema';
import { HttpError } from '../http-error';
import type { ApiClient } from './access-keys';
import type { Principal } from './guard';

/** What a scoped check found; handlers and the audit log read it from `request.scope`. */
export interface Scope {
  organisationId: string | null;
  projectId: string | null;
  environmentId: string | null;
  /** The caller's rights on `projectId` (null outside a project). */
  rights: ProjectRights | null;
}

const NO_SCOPE: Scope = { organisationId: null, projectId: null, environmentId: null, rights: null };

type ForbiddenCode =
  | 'forbidden'
  | 'guestOnlyGivenProjects'
  | 'lightUserRefused'
  | 'organisationAdminOnly'
  | 'providerStaffNotInCustomer'
  | 'providerStaffOnly';

export function forbidden(message = 'Access denied', code: ForbiddenCode = 'forbidden'): HttpError {
  return new HttpError(403, { message, code });
}

const NOT_FOUND_CODES = { Organisation: 'organisationNotFound', Project: 'projectNotFound', Environment: 'environmentNotFound' } as const;

function notFound(what: 'Organisation' | 'Project' | 'Environment'): HttpError {
  return new HttpError(404, { message: `${what} not found`, code: NOT_FOUND_CODES[what] });
}

export { atLeast, seesPrivateEnvironments };

interface Membership {
  role: string;
  guest: boolean;
}

// The rows these checks read come through the access cache (access-cache.ts): a write empties the
// tables holding what it may change, so a changed role, grant, project or environment is seen by the
// next call.

function membershipOf(ctx: ServerContext, userId: string, organisationId: string): Promise<Membership | null> {
  return ctx.access.table<Membership | null>('membership', ['memberships']).get(`${userId}\n${organisationId}`, async () => {
    const [row] = await ctx.db
      .select({ role: members.role, guest: members.guest })
      .from(members)
      .where(and(eq(members.organisationId, organisationId), eq(members.userId, userId)));
    return row ?? null;
  });
}

function grantOf(ctx: ServerContext, userId: string, projectId: string): Promise<ProjectProfile | null> {
  return ctx.access.table<ProjectProfile | null>('grant', ['memberships']).get(`${userId}\n${projectId}`, async () => {
    const [grant] = await ctx.db
      .select({ profile: projectPermissions.profile })
      .from(projectPermissions)
      .where(and(eq(projectPermissions.userId, userId), eq(projectPermissions.projectId, projectId)));
    return grant?.profile ?? null;
  });
}

/** The profiles granted to a user on the projects of one organisation (explicit grants only). */
function grantsIn(ctx: ServerContext, userId: string, organisationId: string): Promise<ProjectProfile[]> {
  return ctx.access.table<ProjectProfile[]>('grantsInOrganisation', ['memberships', 'projects']).get(`${userId}\n${organisationId}`, async () => {
    const rows = await ctx.db
      .select({ profile: projectPermissions.profile })
      .from(projectPermissions)
      .where(and(eq(projectPermissions.userId, userId), eq(projectPermissions.organisationId, organisationId)));
    return rows.map((row) => row.profile);
  });
}

function organisationOfProject(ctx: ServerContext, projectId: string): Promise<string | null> {
  return ctx.access.table<string | null>('projectOrganisation', ['projects']).get(projectId, async () => {
    const [project] = await ctx.db
      .select({ organisationId: projects.organisationId })
      .from(projects)
      .where(eq(projects.id, projectId));
    return project?.organisationId ?? null;
  });
}

interface EnvironmentFacts {
  projectId: string;
  visibility: string;
}

function environmentFacts(ctx: ServerContext, environmentId: string): Promise<EnvironmentFacts | null> {
  return ctx.access.table<EnvironmentFacts | null>('environment', ['environments']).get(environmentId, async () => {
    const [environment] = await ctx.db
      .select({ projectId: environments.projectId, visibility: environments.visibility })
      .from(environments)
      .where(eq(environments.id, environmentId));
    return environment ?? null;
  });
}

/** The caller's rights on one project of `organisationId`. */
export async function rightsOn(
  ctx: ServerContext,
  principal: Principal,
  organisationId: string,
  projectId: string,
): Promise<ProjectRights> {
  if (principal.providerRole !== null) return { profile: 'noAccess', capabilities: capabilitiesOf(principal.providerRole) };
  return { profile: await memberProfileOn(ctx, principal.userId, organisationId, projectId), capabilities: [] };
}

/** Whether the caller administers the organisation (provider staff never do): for admin-only settings inside a screen (§6). */
export async function isOrganisationAdmin(ctx: ServerContext, principal: { userId: string; providerRole: unknown }, organisationId: string): Promise<boolean> {
  return principal.providerRole === null && (await membershipOf(ctx, principal.userId, organisationId))?.role === 'ROLE_ORGANISATION_ADMIN';
}

/** Whether these rights open the project at all (a profile, or a provider capability). */
export function opensProject(rights: ProjectRights): boolean {
  return rights.profile !== 'noAccess' || rights.capabilities.length > 0;
}

async function memberProfileOn(
  ctx: ServerContext,
  userId: string,
  organisationId: string,
  projectId: string,
): Promise<ProjectProfile> {
  const membership = await membershipOf(ctx, userId, organisationId);
  if (membership === null) return 'noAccess';
  if (membership.role === 'ROLE_ORGANISATION_ADMIN') return 'configurator';
  return (await grantOf(ctx, userId, projectId)) ?? 'noAccess';
}

function paramOf(params: unknown, name: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  // A contract whose rule names a parameter its path does not have is our bug, caught by tests.
  if (typeof value !== 'string') throw new Error(`Access rule names path parameter "${name}", which is missing`);
  return value;
}

async function authorizeOrganisation(
  ctx: ServerContext,
  principal: Principal,
  organisationId: string,
  need: OrganisationNeed,
  staff: ProviderCapability | undefined,
): Promise<Scope> {
  const scope = { ...NO_SCOPE, organisationId };
  if (principal.providerRole !== null) {
    // Provider staff are members of no organisation: only a capability the rule names lets them in.
    if (staff !== undefined && capabilitiesOf(principal.providerRole).includes(staff)) return scope;
    throw forbidden('Provider staff may not do this in a customer organisation', 'providerStaffNotInCustomer');
  }
  const membership = await membershipOf(ctx, principal.userId, organisationId);
  // Not a member: the organisation does not exist as far as this caller may know.
  if (membership === null) throw notFound('Organisation');
  if (need === 'admin' && membership.role !== 'ROLE_ORGANISATION_ADMIN') {
    throw forbidden('Only organisation admins may do this', 'organisationAdminOnly');
  }
  if (need !== 'guest' && membership.guest) throw forbidden('Guests only see the projects they were given', 'guestOnlyGivenProjects');
  if (need === 'contributor') {
    // Cockpit is "dashboard only" (§6): the organisation-wide pages are for those who work on its projects.
    const admin = membership.role === 'ROLE_ORGANISATION_ADMIN';
    const { isLight } = principal;
    const profiles = admin || isLight ? [] : await grantsIn(ctx, principal.userId, organisationId);
    if (!contributes({ guest: membership.guest, admin, isLight, profiles })) {
      throw forbidden('Only admins and members holding qualifier or configurator on a project may do this');
    }
  }
  return scope;
}

type ScopedRule = Extract<Access, { kind: 'project' | 'environment' }>;

/** The project's scope when the caller may open it at all; 404 otherwise, as if it did not exist. */
async function openProject(
  ctx: ServerContext,
  principal: Principal,
  projectId: string,
  environmentId: string | null,
): Promise<Scope & { rights: ProjectRights }> {
  const organisationId = await organisationOfProject(ctx, projectId);
  if (organisationId === null) throw notFound('Project');
  const rights = await rightsOn(ctx, principal, organisationId, projectId);
  if (!opensProject(rights)) throw notFound('Project');
  return { organisationId, projectId, environmentId, rights };
}

function refusal(rule: ScopedRule, rights: ProjectRights): HttpError {
  return rights.profile === 'noAccess'
    ? forbidden('Provider staff may not do this in a customer organisation', 'providerStaffNotInCustomer')
    : forbidden(`This needs the ${rule.need} profile on the project`);
}

async function authorizeProject(ctx: ServerContext, principal: Principal, rule: ScopedRule, projectId: string): Promise<Scope> {
  const scope = await openProject(ctx, principal, projectId, null);
  if (!allows(rule, scope.rights)) throw refusal(rule, scope.rights);
  return scope;
}

async function authorizeEnvironment(
  ctx: ServerContext,
  principal: Principal,
  rule: ScopedRule,
  environmentId: string,
): Promise<Scope> {
  const environment = await environmentFacts(ctx, environmentId);
  if (environment === null) throw notFound('Environment');
  let scope: Scope & { rights: ProjectRights };
  try {
    scope = await openProject(ctx, principal, environment.projectId, environmentId);
  } catch (error) {
    // Someone without access to the project must not learn that the environment exists.
    if (error instanceof HttpError && error.statusCode === 404) throw notFound('Environment');
    throw error;
  }
  if (environment.visibility === 'private' && !seesPrivateEnvironments(scope.rights)) throw notFound('Environment');
  if (!allows(rule, scope.rights)) throw refusal(rule, scope.rights);
  return scope;
}

/** An access key opens its own environment only; any other id looks like one that does not exist. */
async function authorizeApiClient(ctx: ServerContext, client: ApiClient | null, environmentId: string): Promise<Scope> {
  if (client === null) throw new Error('authorize() reached an access-key route without a client');
  if (client.environmentId !== environmentId) throw notFound('Environment');
  const [row] = await ctx.db
    .select({ projectId: environments.projectId, organisationId: projects.organisationId })
    .from(environments)
    .innerJoin(projects, eq(projects.id, environments.projectId))
    .where(eq(environments.id, environmentId));
  if (row === undefined) throw notFound('Environment');
  return { organisationId: row.organisationId, projectId: row.projectId, environmentId, rights: null };
}

/**
 * `authorize` without a promise for the rules that read nothing (public, signed in, provider staff):
 * the same checks, in the same order, thrown the same way; undefined for a rule that must look
 * something up (the caller then awaits `authorize`). The current user, the session's first call,
 * answers through here.
 */
export function authorizeAtOnce(principal: Principal | null, rule: Access): Scope | undefined {
  if (rule.kind === 'public') return NO_SCOPE;
  if (rule.kind === 'accessKey' || principal === null) return undefined;
  if (rule.kind !== 'signedIn' && rule.kind !== 'provider') return undefined;
  return principalRule(principal, rule);
}

/** The checks of a rule that only looks at who calls. */
function principalRule(principal: Principal, rule: Access & { kind: 'signedIn' | 'provider' }): Scope {
  // Light users work in the self-service area only: the endpoints its screens call say
  // so in their rule; every other one refuses them, whatever profile they hold on their own project.
  if (principal.isLight && rule.lightUsers !== true) {
    throw forbidden('Light users may only use the self-service area', 'lightUserRefused');
  }
  if (rule.kind === 'provider') {
    const allowed = rule.need === 'staff' ? principal.providerRole !== null : principal.providerRole === rule.need;
    if (!allowed) throw forbidden('Reserved to provider staff', 'providerStaffOnly');
  }
  return NO_SCOPE;
}

export async function authorize(
  ctx: ServerContext,
  principal: Principal | null,
  rule: Access,
  params: unknown,
  apiClient: ApiClient | null = null,
): Promise<Scope> {
  if (rule.kind === 'public') return NO_SCOPE;
  if (rule.kind === 'accessKey') return authorizeApiClient(ctx, apiClient, paramOf(params, rule.param));
  // The auth guard runs first and rejects a missing token; a null here is a wiring bug.
  if (principal === null) throw new Error('authorize() reached without a principal');
  switch (rule.kind) {
    case 'signedIn':
    case 'provider':
      return principalRule(principal, rule);
  }
  // Light users work in the self-service area only (principalRule).
  if (principal.isLight && rule.lightUsers !== true) {
    throw forbidden('Light users may only use the self-service area', 'lightUserRefused');
  }
  switch (rule.kind) {
    case 'organisation':
      return authorizeOrganisation(ctx, principal, paramOf(params, rule.param), rule.need, rule.staff);
    case 'project':
      return authorizeProject(ctx, principal, rule, paramOf(params, rule.param));
    case 'environment':
      return authorizeEnvironment(ctx, principal, rule, paramOf(params, rule.param));
  }
}
