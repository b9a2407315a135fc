/** Organisation settings, projects and rapid-navigation targets (spec §3, §5, §6). */
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ProjectRights } from '../../src/contract/define';
import {
  createProject,
  deleteProject,
  getOrganisation,
  getProject,
  listProjects,
  navigationTargets,
  PROJECT_HAS_PRIORITY_ENVIRONMENTS,
  updateOrganisation,
  updateProject,
  type Project,
} from '../../src/contract/organisations';
import { auditTarget } from '../audit';
import { principalOf, type Principal } from '../auth/guard';
import { opensProject, rightsOn, seesPrivateEnvironments } from '../auth/permissions';
import type { ServerContext } from '../context';
import { environments, members, organisations, projects } from '../db/schema';
import { readSettings } from '../environments/settings';
import { HttpError } from '../http-error';
import { registerEndpoint } from './register';

async function organisationView(ctx: ServerContext, principal: Principal, organisationId: string) {
  const [row] = await ctx.db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (row === undefined) throw new HttpError(404, { message: 'Organisation not found', code: 'organisationNotFound' });
  const [membership] = await ctx.db
    .select({ role: members.role })
    .from(members)
    .where(and(eq(members.organisationId, organisationId), eq(members.userId, principal.userId)));
  return {
    id: row.id,
    name: row.name,
    contractStartDate: row.contractStartDate,
    yearlyQuota: row.yearlyQuota,
    selfServiceMonthlyQuota: row.selfServiceMonthlyQuota,
    createdAt: row.createdAt.toISOString(),
    isAdmin: principal.providerRole === null && membership?.role === 'ROLE_ORGANISATION_ADMIN',
  };
}

/** Environments still alive (deletion not requested), visible with these rights. */
function visibleEnvironments(rights: ProjectRights) {
  const alive = isNull(environments.deletionRequestedAt);
  return seesPrivateEnvironments(rights) ? alive : and(alive, ne(environments.visibility, 'private'));
}

/** Projects of an organisation with the caller's profile on each; those without access are left out. */
export async function accessibleProjects(
  ctx: ServerContext,
  principal: Principal,
  organisationId: string,
  onlyId?: string,
): Promise<Project[]> {
  const rows = await ctx.db
    .select()
    .from(projects)
    .where(onlyId === undefined ? eq(projects.organisationId, organisationId) : eq(projects.id, onlyId))
    .orderBy(projects.name);
  const result: Project[] = [];
  for (const row of rows) {
    const rights = await rightsOn(ctx, principal, organisationId, row.id);
    if (!opensProject(rights)) continue;
    const [counted] = await ctx.db
      .select({ n: count() })
      .from(environments)
      .where(and(eq(environments.projectId, row.id), visibleEnvironments(rights)));
    result.push({
      id: row.id,
      organisationId: row.organisationId,
      name: row.name,
      type: row.type,
      notes: row.notes,
      createdAt: row.createdAt.toISOString(),
      environmentsCount: counted?.n ?? 0,
      profile: rights.profile,
      capabilities: [...rights.capabilities],
    });
  }
  return result;
}

async function oneProject(ctx: ServerContext, principal: Principal, organisationId: string, projectId: string) {
  const [project] = await accessibleProjects(ctx, principal, organisationId, projectId);
  if (project === undefined) throw new HttpError(404, { message: 'Project not found', code: 'projectNotFound' });
  return project;
}

export function registerOrganisationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, getOrganisation, ({ params, request }) =>
    organisationView(ctx, principalOf(request), params.orgaId),
  );

  registerEndpoint(app, ctx, updateOrganisation, async ({ params, body, request }) => {
    await ctx.db.update(organisations).set(body).where(eq(organisations.id, params.orgaId));
    return organisationView(ctx, principalOf(request), params.orgaId);
  });

  registerEndpoint(app, ctx, listProjects, ({ params, request }) =>
    accessibleProjects(ctx, principalOf(request), params.orgaId),
  );

  registerEndpoint(app, ctx, createProject, async ({ params, body, request, reply }) => {
    const id = randomUUID();
    await ctx.db.insert(projects).values({ id, organisationId: params.orgaId, ...body });
    auditTarget(request, { type: 'project', id });
    reply.code(201);
    return oneProject(ctx, principalOf(request), params.orgaId, id);
  });

  registerEndpoint(app, ctx, getProject, ({ scope, request, params }) =>
    oneProject(ctx, principalOf(request), scope.organisationId ?? '', params.projectId),
  );

  registerEndpoint(app, ctx, updateProject, async ({ scope, request, params, body }) => {
    const changes = {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.notes === undefined ? {} : { notes: body.notes }),
    };
    if (Object.keys(changes).length > 0) {
      await ctx.db.update(projects).set(changes).where(eq(projects.id, params.projectId));
    }
    return oneProject(ctx, principalOf(request), scope.organisationId ?? '', params.projectId);
  });

  registerEndpoint(app, ctx, deleteProject, async ({ params }) => {
    await ctx.db.transaction(async (tx) => {
      const priority = await tx
        .select({ id: environments.id })
        .from(environments)
        .where(
          and(
            eq(environments.projectId, params.projectId),
            eq(environments.priority, true),
            isNull(environments.deletionRequestedAt),
          ),
        )
        .for('update');
      // §5: priority environments must be deactivated first; counted in the transaction that deletes.
      if (priority.length > 0) {
        throw new HttpError(409, { message: PROJECT_HAS_PRIORITY_ENVIRONMENTS, code: 'priorityEnvironments' });
      }
      await tx.delete(projects).where(eq(projects.id, params.projectId));
    });
  });

  registerEndpoint(app, ctx, navigationTargets, async ({ request }) => {
    const principal = principalOf(request);
    // Provider staff are members of no organisation; they list them all (support, to pick whom to
    // ghost), and the projects and environments their capabilities open (support: none).
    const orgas = principal.providerRole !== null
      ? await ctx.db.select({ id: organisations.id, name: organisations.name }).from(organisations)
      : await ctx.db
          .select({ id: organisations.id, name: organisations.name })
          .from(organisations)
          .innerJoin(members, eq(members.organisationId, organisations.id))
          .where(eq(members.userId, principal.userId));
    const projectList: { id: string; name: string; organisationId: string; organisationName: string }[] = [];
    const environmentList: {
      id: string;
      name: string;
      projectId: string;
      projectName: string;
      visibility: 'public' | 'private';
      modules: ReturnType<typeof readSettings>['modules'][number]['type'][];
    }[] = [];
    for (const orga of orgas) {
      const visible = await accessibleProjects(ctx, principal, orga.id);
      for (const project of visible) {
        projectList.push({ id: project.id, name: project.name, organisationId: orga.id, organisationName: orga.name });
        const envs = await ctx.db
          .select()
          .from(environments)
          .where(and(eq(environments.projectId, project.id), visibleEnvironments(project)));
        for (const env of envs) {
          environmentList.push({
            id: env.id,
            name: env.name,
            projectId: project.id,
            projectName: project.name,
            visibility: env.visibility,
            modules: readSettings(env.settings).modules.map((m) => m.type),
          });
        }
      }
    }
    return { organisations: orgas, projects: projectList, environments: environmentList };
  });
}
