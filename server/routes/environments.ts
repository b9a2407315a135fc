/**
 * Environments (spec §3 Environment; §4 asynchronous deletion and module ordering; §5 unique names).
 * Hidden (private) environments are filtered here for members below configurator, as the permission
 * layer does for single-environment routes.
 */
import { and, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createEnvironment,
  deleteEnvironment,
  exportEnvironment,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  getEnvironment,
  getEnvironmentSettings,
  importEnvironment,
  listEnvironments,
  updateEnvironmentSettings,
  type EnvironmentListItem,
} from '../../src/contract/environments';
import { auditTarget } from '../audit';
import { seesPrivateEnvironments } from '../auth/permissions';
import type { ServerContext } from '../context';
import { environments, organisations, projects } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { readSettings, withoutInactiveConfig } from '../environments/settings';
import { compareSettings } from '../environments/settings-diff';
import { readExportFile } from '../environments/transfer';
import { HttpError } from '../http-error';
import { assertNameFree, createEnvironmentFrom, nameTaken } from '../environments/create';
import { nluChange } from '../nlu/environment-transfer';
import { exportOriginal } from '../nlu/export';
import { importOriginalExport } from '../nlu/import';
import { registerEndpoint } from './register';
import { environmentSettingsOf } from '../categorization/facts';
import { guardModulesWrite } from '../categorization/settings-guard';
import { withWorkflowIds } from '../categorization/workflow-ids';
import { requestLanguage } from '../i18n/error-messages';

/** Spec §4: "the environment disappears after a few seconds". */
export const ENVIRONMENT_DELETION_DELAY_MS = 3000;

type EnvironmentRow = typeof environments.$inferSelect;

/**
 * When the environment's newest analysis (still kept) was queued, as milliseconds since the epoch:
 * a number reads the same from every driver, where a timestamp in raw SQL does not. One index probe
 * per environment (analyses_environment_created_idx). Tables named in full: inside a subquery Drizzle
 * writes a column without its table, and `id` would be the analysis's.
 */
const lastAnalysisMs = sql<string | number | null>`(select extract(epoch from max(a.created_at)) * 1000 from analyses a where a.environment_id = "environments"."id")`;

function listItem(row: EnvironmentRow, lastAnalysis: string | number | null): EnvironmentListItem {
  return {
    id: row.id,
    name: row.name,
    visibility: row.visibility,
    priority: row.priority,
    modules: readSettings(row.settings).modules.map((m) => m.type),
    lastAnalysisAt: lastAnalysis === null ? null : new Date(Number(lastAnalysis)).toISOString(),
    createdAt: row.createdAt.toISOString(),
    deleting: row.deletionRequestedAt !== null,
  };
}

/** Removes environments whose deletion was requested long enough ago; safe to run from any process. */
export async function purgeDeletedEnvironments(ctx: ServerContext): Promise<void> {
  const due = new Date(Date.now() - ENVIRONMENT_DELETION_DELAY_MS + 50);
  const purged = await ctx.db
    .delete(environments)
    .where(and(isNotNull(environments.deletionRequestedAt), lt(environments.deletionRequestedAt, due)))
    .returning({ id: environments.id });
  // Outside any write request (a timer, or a list): the access cache must hear of it (auth/access-cache.ts).
  if (purged.length > 0) ctx.access.invalidate(['environments']);
}

/** An environment with its project, organisation and parsed configuration (settings screen, versions). */
export async function environmentDetails(ctx: ServerContext, envId: string) {
  const [row] = await ctx.db
    .select({
      id: environments.id,
      name: environments.name,
      visibility: environments.visibility,
      priority: environments.priority,
      settings: environments.settings,
      projectId: projects.id,
      projectName: projects.name,
      organisationId: organisations.id,
      organisationName: organisations.name,
    })
    .from(environments)
    .innerJoin(projects, eq(projects.id, environments.projectId))
    .innerJoin(organisations, eq(organisations.id, projects.organisationId))
    .where(eq(environments.id, envId));
  // The permission check has just found it; only a concurrent delete gets here.
  if (row === undefined) throw new HttpError(404, { message: 'Environment not found', code: 'environmentNotFound' });
  return { ...row, settings: readSettings(row.settings) };
}

export function registerEnvironmentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, getEnvironment, async ({ params }) => {
    const { settings: _settings, ...summary } = await environmentDetails(ctx, params.envId);
    return summary;
  });

  registerEndpoint(app, ctx, listEnvironments, async ({ params, scope }) => {
    await purgeDeletedEnvironments(ctx);
    const rows = await ctx.db
      .select({ environment: environments, lastAnalysis: lastAnalysisMs })
      .from(environments)
      .where(
        and(
          eq(environments.projectId, params.projectId),
          scope.rights !== null && seesPrivateEnvironments(scope.rights) ? undefined : ne(environments.visibility, 'private'),
        ),
      )
      .orderBy(environments.name);
    return rows.map((row) => listItem(row.environment, row.lastAnalysis));
  });

  registerEndpoint(app, ctx, createEnvironment, async ({ params, body, request, reply, scope }) => {
    const row = await createEnvironmentFrom(ctx, { organisationId: scope.organisationId ?? '', projectId: params.projectId, ...body, language: requestLanguage(request) });
    auditTarget(request, { type: 'environment', id: row.id });
    reply.code(201);
    return listItem(row, null);
  });

  registerEndpoint(app, ctx, getEnvironmentSettings, ({ params }) => environmentDetails(ctx, params.envId));

  registerEndpoint(app, ctx, updateEnvironmentSettings, async ({ params, body, scope }) => {
    await assertNameFree(ctx, scope.projectId ?? '', body.name, params.envId);
    // Categorization checks on the modules this save adds or changes; workflow ids filled.
    const before = await environmentSettingsOf(ctx.db, params.envId);
    const { settings } = await guardModulesWrite(ctx.db, params.envId, before, withoutInactiveConfig(body.settings));
    try {
      await ctx.db
        .update(environments)
        .set({ name: body.name, visibility: body.visibility, priority: body.priority, settings })
        .where(eq(environments.id, params.envId));
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(body.name);
      throw error;
    }
    return environmentDetails(ctx, params.envId);
  });

  registerEndpoint(app, ctx, deleteEnvironment, async ({ params, reply }) => {
    await ctx.db
      .update(environments)
      .set({ deletionRequestedAt: new Date() })
      .where(and(eq(environments.id, params.envId), isNull(environments.deletionRequestedAt)));
    // The purge also runs before every list, so a restart between the two loses nothing.
    setTimeout(() => void purgeDeletedEnvironments(ctx).catch(() => undefined), ENVIRONMENT_DELETION_DELAY_MS).unref();
    reply.code(202);
    return { deleting: true as const };
  });

  registerEndpoint(app, ctx, exportEnvironment, async ({ params, reply }) => {
    const env = await environmentDetails(ctx, params.envId);
    const safeName = env.name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'environment';
    reply.header('Content-Disposition', `attachment; filename="${safeName}.postroom.json"`);
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date().toISOString(),
      environment: { name: env.name, visibility: env.visibility, priority: env.priority, settings: env.settings },
      nlu: (await exportOriginal(ctx.db, params.envId)).nlu,
    } as const;
  });

  registerEndpoint(app, ctx, importEnvironment, async ({ params, body }) => {
    const file = readExportFile(body.file);
    const current = await environmentDetails(ctx, params.envId);
    // Name, visibility and priority belong to the target environment; the file brings its configuration.
    const incoming = withWorkflowIds(withoutInactiveConfig(file.environment.settings));
    const settingsChanges = compareSettings(current.settings, incoming);
    const nlu = file.nlu === undefined ? null : await nluChange(ctx.db, params.envId, file.nlu);
    const changes = nlu === null ? settingsChanges : [...settingsChanges, nlu];
    if (!body.dryRun && settingsChanges.length > 0) {
      await ctx.db.update(environments).set({ settings: incoming }).where(eq(environments.id, params.envId));
    }
    if (!body.dryRun && nlu !== null) await importOriginalExport(ctx.db, params.envId, { nlu: file.nlu }, 'replace');
    return { applied: !body.dryRun && changes.length > 0, changes };
  });
}
