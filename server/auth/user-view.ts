/**
 * The current user as the console receives it (`userSchema` of src/contract/auth.ts): organisations,
 * one role, project permissions and isLight.
 *
 * - Provider staff (sre, support) take their role from the user and see every organisation: they
 *   work across customers. Their rights on projects belong to the permission layer, not this list.
 * - Everyone else takes the highest role among their memberships. Organisation admins count as
 *   configurators on every project of the organisations they administer (spec §6), so those
 *   projects are listed as such whatever was granted explicitly.
 */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Role, User } from '../../src/contract/auth';
import { contributes } from '../../src/contract/define';
import type { Database } from '../db/open';
import { members, organisations, projectPermissions, projects, users } from '../db/schema';

/** Highest first; a user with no membership at all gets the least privileged role. */
const ROLE_PRECEDENCE: readonly Role[] = [
  'ROLE_ORGANISATION_ADMIN',
  'ROLE_PROJECT_ADMIN',
  'ROLE_PROJECT_QUALIFIER',
  'ROLE_PROJECT_VIEWER',
  'ROLE_PROJECT_SELF_SERVICE',
];
const FALLBACK_ROLE: Role = 'ROLE_PROJECT_VIEWER';

const PROVIDER_ROLES = { sre: 'ROLE_PROVIDER_SRE', support: 'ROLE_PROVIDER_SUPPORT' } as const;

export function highestRole(roles: readonly Role[]): Role {
  return ROLE_PRECEDENCE.find((role) => roles.includes(role)) ?? FALLBACK_ROLE;
}

export async function loadUserView(db: Database, userId: string): Promise<User | null> {
  const [user] = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      username: users.username,
      email: users.email,
      position: users.position,
      isLight: users.isLight,
      providerRole: users.providerRole,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (user === undefined) return null;
  const { providerRole, ...identity } = user;

  if (providerRole !== null) {
    const all = await db
      .select({ id: organisations.id, name: organisations.name })
      .from(organisations)
      .orderBy(asc(organisations.name), asc(organisations.id));
    return { ...identity, role: PROVIDER_ROLES[providerRole], organisations: all.map((o) => ({ ...o, guest: false, admin: false, contributor: false })), projectPermissions: [] };
  }

  const memberships = await db
    .select({ id: organisations.id, name: organisations.name, role: members.role, guest: members.guest })
    .from(members)
    .innerJoin(organisations, eq(organisations.id, members.organisationId))
    .where(eq(members.userId, userId))
    .orderBy(asc(organisations.name), asc(organisations.id));
  const adminOf = memberships.filter((m) => m.role === 'ROLE_ORGANISATION_ADMIN').map((m) => m.id);

  const granted = await db
    .select({ projectId: projectPermissions.projectId, profile: projectPermissions.profile, organisationId: projectPermissions.organisationId })
    .from(projectPermissions)
    .where(
      and(
        eq(projectPermissions.userId, userId),
        adminOf.length > 0 ? notInArray(projectPermissions.organisationId, adminOf) : undefined,
      ),
    );
  const administered =
    adminOf.length === 0
      ? []
      : await db
          .select({ projectId: projects.id })
          .from(projects)
          .where(inArray(projects.organisationId, adminOf));

  const permissions = [
    ...administered.map(({ projectId }) => ({ projectId, profile: 'configurator' as const })),
    ...granted.map(({ projectId, profile }) => ({ projectId, profile })),
  ].sort((a, b) => (a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : 0));

  return {
    ...identity,
    role: highestRole(memberships.map((m) => m.role)),
    organisations: memberships.map(({ id, name, guest, role }) => {
      const admin = role === 'ROLE_ORGANISATION_ADMIN';
      // The server's `contributor` rule (permissions.ts), so the console opens what the server answers.
      const profiles = granted.filter((grant) => grant.organisationId === id).map((grant) => grant.profile);
      return { id, name, guest, admin, contributor: contributes({ guest, admin, isLight: identity.isLight, profiles }) };
    }),
    projectPermissions: permissions,
  };
}
