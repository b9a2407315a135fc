/** Environments (spec §3); the environment screens' routes join this file (issue 5). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getEnvironment } from '../../src/contract/environments';
import type { ServerContext } from '../context';
import { environments, organisations, projects } from '../db/schema';
import { HttpError } from '../http-error';
import { registerEndpoint } from './register';

export function registerEnvironmentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, getEnvironment, async ({ params }) => {
    const [row] = await ctx.db
      .select({
        id: environments.id,
        name: environments.name,
        visibility: environments.visibility,
        priority: environments.priority,
        projectId: projects.id,
        projectName: projects.name,
        organisationId: organisations.id,
        organisationName: organisations.name,
      })
      .from(environments)
      .innerJoin(projects, eq(projects.id, environments.projectId))
      .innerJoin(organisations, eq(organisations.id, projects.organisationId))
      .where(eq(environments.id, params.envId));
    // The permission check has just found it; only a concurrent delete gets here.
    if (row === undefined) throw new HttpError(404, { message: 'Environment not found', code: 'notFound' });
    return row;
  });
}
