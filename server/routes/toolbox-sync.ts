/**
 * The environment side of the toolbox: save an entity to a kit, list the kits the
 * environment is synced to, preview, sync or update, and unsync. Configurator on the environment;
 * the kit must be one its organisation sees (its own or a published one).
 */
import type { FastifyInstance } from 'fastify';
import { listEnvironmentSyncs, previewSync, saveToToolbox, syncKit, unsyncKit } from '../../src/contract/toolbox-sync';
import type { ServerContext } from '../context';
import { editForbidden, mayEditKit } from '../toolbox/edit-rights';
import { visibleKit } from '../toolbox/kits';
import { saveToKit } from '../toolbox/save';
import { applySync, environmentSyncs, previewSync as preview, removeSync } from '../toolbox/sync';
import { registerEndpoint } from './register';

export function registerToolboxSyncRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const db = ctx.db;
  const orgOf = (scope: { organisationId: string | null }) => scope.organisationId ?? '';

  registerEndpoint(app, ctx, saveToToolbox, async ({ params, body, scope, request }) => {
    const kit = await visibleKit(db, orgOf(scope), body.kitId);
    if (!(await mayEditKit(ctx, request, orgOf(scope), kit))) throw editForbidden();
    return { components: await saveToKit(db, params.envId, kit.id, body) };
  });

  registerEndpoint(app, ctx, listEnvironmentSyncs, ({ params }) => environmentSyncs(db, params.envId));

  registerEndpoint(app, ctx, previewSync, async ({ params, scope }) => preview(db, params.envId, await visibleKit(db, orgOf(scope), params.kitId)));

  registerEndpoint(app, ctx, syncKit, async ({ params, body, scope }) => {
    const kit = await visibleKit(db, orgOf(scope), params.kitId);
    await applySync(db, params.envId, kit, body.resolutions);
    const synced = (await environmentSyncs(db, params.envId)).find((sync) => sync.kit.id === kit.id);
    return synced!;
  });

  registerEndpoint(app, ctx, unsyncKit, async ({ params, body }) => ({ deleted: await removeSync(db, params.envId, params.kitId, body.mode) }));
}
