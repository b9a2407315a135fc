/**
 * A light user's self-service project: one per user and organisation, created the first
 * time they create a use case. The user gets the qualifier profile there — on that project only —
 * so the analyses and dashboard endpoints serve their use cases with the usual permission checks;
 * everywhere else they keep no profile. Full-console users reach it with their usual rights (an
 * organisation admin is configurator on every project, others need a grant).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../auth/guard';
import type { ServerContext } from '../context';
import { environments, members, organisations, projectPermissions, projects, selfServiceProjects, users } from '../db/schema';
import { HttpError } from '../http-error';
import { serverText, type Language } from '../i18n/error-messages';

export interface LightUser {
  userId: string;
  firstname: string;
  lastname: string;
  organisationId: string;
  organisationName: string;
}

/** The caller as a light user of their organisation; 403 for anyone else. */
export async function lightUserOf(ctx: ServerContext, principal: Principal): Promise<LightUser> {
  if (!principal.isLight) {
    throw new HttpError(403, { message: 'The self-service area is for light users', code: 'selfServiceLightUsersOnly' });
  }
  // A light user belongs to one organisation; should there be more, the oldest membership is theirs.
  const [row] = await ctx.db
    .select({
      firstname: users.firstname,
      lastname: users.lastname,
      organisationId: members.organisationId,
      organisationName: organisations.name,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(organisations, eq(organisations.id, members.organisationId))
    .where(eq(members.userId, principal.userId))
    .orderBy(asc(members.createdAt))
    .limit(1);
  if (row === undefined) throw new HttpError(403, { message: 'No organisation', code: 'selfServiceNoOrganisation' });
  return { userId: principal.userId, ...row };
}

export async function selfServiceProjectOf(ctx: ServerContext, user: LightUser): Promise<string | null> {
  const [row] = await ctx.db
    .select({ projectId: selfServiceProjects.projectId })
    .from(selfServiceProjects)
    .where(and(eq(selfServiceProjects.userId, user.userId), eq(selfServiceProjects.organisationId, user.organisationId)));
  return row?.projectId ?? null;
}

/**
 * Named after the user so the full console's project list says whose it is (50 characters at most),
 * in the language of its creator: "Libre-service · Léa Martin", "Self-service · Léa Martin".
 */
export function selfServiceProjectName(user: Pick<LightUser, 'firstname' | 'lastname'>, language: Language): string {
  return serverText(language, 'selfService:projectName', { name: `${user.firstname} ${user.lastname}` }).slice(0, 50);
}

/** The user's project, created with its grant on first need. */
export async function ensureSelfServiceProject(ctx: ServerContext, user: LightUser, language: Language): Promise<string> {
  const existing = await selfServiceProjectOf(ctx, user);
  if (existing !== null) return existing;
  const projectId = randomUUID();
  const name = selfServiceProjectName(user, language);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(projects).values({ id: projectId, organisationId: user.organisationId, name, type: 'IC' });
    await tx.insert(projectPermissions).values({ organisationId: user.organisationId, userId: user.userId, projectId, profile: 'qualifier' });
    await tx.insert(selfServiceProjects).values({ userId: user.userId, organisationId: user.organisationId, projectId });
  });
  // Written outside the permission layer's view: the access cache must hear of the new grant.
  ctx.access.invalidate();
  return projectId;
}

/** One of the user's use cases (an environment of their project, not being deleted); 404 otherwise. */
export async function ownUseCase(ctx: ServerContext, user: LightUser, environmentId: string) {
  const projectId = await selfServiceProjectOf(ctx, user);
  const [row] =
    projectId === null
      ? []
      : await ctx.db
          .select()
          .from(environments)
          .where(and(eq(environments.id, environmentId), eq(environments.projectId, projectId)));
  if (row === undefined || row.deletionRequestedAt !== null) {
    throw new HttpError(404, { message: 'Environment not found', code: 'environmentNotFound' });
  }
  return row;
}
