/**
 * Environment versions (projectVersions screen): named snapshots of the configuration, compared and
 * restored. Scoped by the environment in the path, so a version id of another environment is a 404.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  compareVersions,
  createVersion,
  CURRENT_CONFIGURATION,
  deleteVersion,
  listVersions,
  restoreVersion,
  VERSION_NAME_TAKEN,
} from '../../src/contract/versions';
import { environmentSettingsSchema, type EnvironmentSettings } from '../../src/contract/environments';
import { auditTarget } from '../audit';
import { principalOf } from '../auth/guard';
import type { ServerContext } from '../context';
import { environments, environmentVersions, users } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { compareSettings } from '../environments/settings-diff';
import { HttpError } from '../http-error';
import { environmentDetails } from './environments';
import { registerEndpoint } from './register';

const versionNotFound = () => new HttpError(404, { message: 'Version not found', code: 'versionNotFound' });

function versionView(row: { id: string; name: string; createdAt: Date; author: string | null }) {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), author: row.author };
}

async function versionSettings(ctx: ServerContext, envId: string, versionId: string): Promise<EnvironmentSettings> {
  const [row] = await ctx.db
    .select({ settings: environmentVersions.settings })
    .from(environmentVersions)
    .where(and(eq(environmentVersions.environmentId, envId), eq(environmentVersions.id, versionId)));
  if (row === undefined) throw versionNotFound();
  // Unlike an environment's own settings (read with defaults when a rule was tightened since), a
  // version that no longer passes the rules is refused: restoring defaults in its name would be wrong.
  const parsed = environmentSettingsSchema.safeParse(row.settings);
  if (!parsed.success) {
    throw new HttpError(409, { message: 'This version no longer passes the configuration rules', code: 'versionOutdated', issues: parsed.error.issues });
  }
  return parsed.data;
}

/** A side of a comparison: a version of this environment, or its configuration now. */
async function sideSettings(ctx: ServerContext, envId: string, side: string): Promise<EnvironmentSettings> {
  if (side === CURRENT_CONFIGURATION) return (await environmentDetails(ctx, envId)).settings;
  return versionSettings(ctx, envId, side);
}

export function registerVersionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, listVersions, async ({ params }) => {
    const rows = await ctx.db
      .select({ id: environmentVersions.id, name: environmentVersions.name, createdAt: environmentVersions.createdAt, author: users.username })
      .from(environmentVersions)
      .leftJoin(users, eq(users.id, environmentVersions.createdBy))
      .where(eq(environmentVersions.environmentId, params.envId))
      .orderBy(desc(environmentVersions.createdAt), desc(environmentVersions.name));
    return rows.map(versionView);
  });

  registerEndpoint(app, ctx, createVersion, async ({ params, body, request, reply }) => {
    const { settings } = await environmentDetails(ctx, params.envId);
    const principal = principalOf(request);
    const id = randomUUID();
    try {
      const [row] = await ctx.db
        .insert(environmentVersions)
        .values({ id, environmentId: params.envId, name: body.name, settings, createdBy: principal.userId })
        .returning();
      auditTarget(request, { type: 'environmentVersion', id });
      reply.code(201);
      return versionView({ ...row!, author: principal.username });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new HttpError(409, { message: VERSION_NAME_TAKEN.replace('{name}', body.name), code: 'versionNameTaken', name: body.name });
      }
      throw error;
    }
  });

  registerEndpoint(app, ctx, compareVersions, async ({ params, query }) => {
    const [from, to] = await Promise.all([sideSettings(ctx, params.envId, query.from), sideSettings(ctx, params.envId, query.to)]);
    return { changes: compareSettings(from, to) };
  });

  // Audited with the environment as target: it is what changed (the path names the version).
  registerEndpoint(app, ctx, restoreVersion, async ({ params }) => {
    const settings = await versionSettings(ctx, params.envId, params.versionId);
    await ctx.db.update(environments).set({ settings }).where(eq(environments.id, params.envId));
    return environmentDetails(ctx, params.envId);
  });

  registerEndpoint(app, ctx, deleteVersion, async ({ params, request }) => {
    const deleted = await ctx.db
      .delete(environmentVersions)
      .where(and(eq(environmentVersions.environmentId, params.envId), eq(environmentVersions.id, params.versionId)))
      .returning({ id: environmentVersions.id });
    if (deleted.length === 0) throw versionNotFound();
    auditTarget(request, { type: 'environmentVersion', id: params.versionId });
  });
}
