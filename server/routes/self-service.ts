/**
 * The self-service area's endpoints (src/contract/self-service.ts). Every handler starts
 * from `lightUserOf` (light users only) and, for one use case, `ownUseCase` (their own environments
 * only), since the contract's rule is `signedIn`. Creation goes through the same code as
 * `environments.create` (environments/create.ts); deletion is the same asynchronous deletion.
 */
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createSelfServiceUseCase,
  deleteSelfServiceUseCase,
  selfServiceOverview,
  updateSelfServiceUseCase,
  type SelfServiceUseCase,
} from '../../src/contract/self-service';
import { auditTarget } from '../audit';
import { principalOf } from '../auth/guard';
import type { ServerContext } from '../context';
import { analysisUsage, environments } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { assertNameFree, createEnvironmentFrom, nameTaken, type EnvironmentRow } from '../environments/create';
import { readSettings } from '../environments/settings';
import { ensureSelfServiceProject, lightUserOf, ownUseCase, selfServiceProjectOf } from '../self-service/projects';
import { monthOf, selfServiceQuota } from '../self-service/quota';
import { ENVIRONMENT_DELETION_DELAY_MS, purgeDeletedEnvironments } from './environments';
import { registerEndpoint } from './register';
import { requestLanguage } from '../i18n/error-messages';

interface Activity {
  analysesThisMonth: number;
  lastActivityAt: Date | string | null;
}

function useCaseOf(row: EnvironmentRow, activity: Activity | undefined): SelfServiceUseCase {
  const settings = readSettings(row.settings);
  const last = activity?.lastActivityAt ?? null;
  return {
    id: row.id,
    name: row.name,
    languages: settings.languages,
    retention: settings.retention,
    analysesThisMonth: activity?.analysesThisMonth ?? 0,
    lastActivityAt: last === null ? null : new Date(last).toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Per environment of the project: analyses this month and the latest analysis, from the usage ledger. */
async function activityOf(ctx: ServerContext, projectId: string, now: Date): Promise<Map<string, Activity>> {
  const { start, next } = monthOf(now);
  const rows = await ctx.db
    .select({
      environmentId: analysisUsage.environmentId,
      analysesThisMonth: sql<number>`(count(*) filter (where ${and(gte(analysisUsage.createdAt, start), lt(analysisUsage.createdAt, next))}))::int`,
      lastActivityAt: sql<string | null>`max(${analysisUsage.createdAt})`,
    })
    .from(analysisUsage)
    .where(eq(analysisUsage.projectId, projectId))
    .groupBy(analysisUsage.environmentId);
  return new Map(rows.map(({ environmentId, ...activity }) => [environmentId, activity]));
}

export function registerSelfServiceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, selfServiceOverview, async ({ request }) => {
    const user = await lightUserOf(ctx, principalOf(request));
    const now = new Date();
    const projectId = await selfServiceProjectOf(ctx, user);
    let useCases: SelfServiceUseCase[] = [];
    if (projectId !== null) {
      await purgeDeletedEnvironments(ctx);
      const [rows, activity] = await Promise.all([
        ctx.db
          .select()
          .from(environments)
          .where(and(eq(environments.projectId, projectId), isNull(environments.deletionRequestedAt)))
          .orderBy(desc(environments.createdAt)),
        activityOf(ctx, projectId, now),
      ]);
      useCases = rows.map((row) => useCaseOf(row, activity.get(row.id)));
    }
    return {
      firstname: user.firstname,
      organisationId: user.organisationId,
      organisationName: user.organisationName,
      projectId,
      quota: await selfServiceQuota(ctx.db, user.userId, user.organisationId, now),
      useCases,
    };
  });

  registerEndpoint(app, ctx, createSelfServiceUseCase, async ({ body, request, reply }) => {
    const user = await lightUserOf(ctx, principalOf(request));
    const language = requestLanguage(request);
    const projectId = await ensureSelfServiceProject(ctx, user, language);
    // Public inside the user's own project: a private one would be hidden from its qualifier owner
    // (spec §6); members of the organisation still need a grant on the project to see it.
    const row = await createEnvironmentFrom(ctx, { organisationId: user.organisationId, projectId, name: body.name, visibility: 'public', source: body.source, language });
    auditTarget(request, { type: 'environment', id: row.id });
    reply.code(201);
    return useCaseOf(row, undefined);
  });

  registerEndpoint(app, ctx, updateSelfServiceUseCase, async ({ params, body, request }) => {
    const user = await lightUserOf(ctx, principalOf(request));
    const row = await ownUseCase(ctx, user, params.envId);
    await assertNameFree(ctx, row.projectId, body.name, row.id);
    const settings = { ...readSettings(row.settings), languages: body.languages, retention: body.retention };
    let updated: EnvironmentRow | undefined;
    try {
      [updated] = await ctx.db.update(environments).set({ name: body.name, settings }).where(eq(environments.id, row.id)).returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(body.name);
      throw error;
    }
    auditTarget(request, { type: 'environment', id: row.id });
    const activity = await activityOf(ctx, row.projectId, new Date());
    return useCaseOf(updated!, activity.get(row.id));
  });

  registerEndpoint(app, ctx, deleteSelfServiceUseCase, async ({ params, request, reply }) => {
    const user = await lightUserOf(ctx, principalOf(request));
    const row = await ownUseCase(ctx, user, params.envId);
    await ctx.db.update(environments).set({ deletionRequestedAt: new Date() }).where(eq(environments.id, row.id));
    setTimeout(() => void purgeDeletedEnvironments(ctx).catch(() => undefined), ENVIRONMENT_DELETION_DELAY_MS).unref();
    auditTarget(request, { type: 'environment', id: row.id });
    reply.code(202);
    return { deleting: true as const };
  });
}
