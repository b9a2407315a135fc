/**
 * The environment side of the toolbox (spec §4 kit synchronisation): save an entity to a
 * kit, list the kits an environment is synced to, preview, sync or update, and unsync. Configurator
 * on the environment; the kit must be one its organisation sees. Kits and components: toolbox.ts.
 */
import { z } from 'zod';
import { access, defineEndpoint, type Endpoint } from './define';
import { nluNameSchema } from './nlu-entities';
import { componentSummarySchema, kitSummarySchema } from './toolbox';
import { componentTypeSchema } from './toolbox-entities';

const ENV = '/v4/console/api/environment/{envId}/toolbox';
const envParams = z.object({ envId: z.string().min(1) });
const envKitParams = envParams.extend({ kitId: z.string().min(1) });

export const saveToToolbox = defineEndpoint({
  id: 'toolbox.save',
  method: 'POST',
  path: `${ENV}/save`,
  summary: "Copy an entity of the environment into a kit, with the entities it refers to (an interaction's context, archetypes and functions)",
  access: access.environment('envId', 'configurator'),
  params: envParams,
  body: z.object({
    kitId: z.string().min(1),
    type: componentTypeSchema,
    name: z.string().trim().min(1).max(100),
    /** The context of an interaction. */
    context: nluNameSchema.optional(),
  }),
  response: z.object({ components: z.array(componentSummarySchema) }),
});

export const SYNC_ACTIONS = ['create', 'update', 'unchanged', 'conflict'] as const;
export const syncItemSchema = z.object({
  componentId: z.string(),
  type: componentTypeSchema,
  /** As shown (interactions: `context / name`). */
  name: z.string(),
  /**
   * create: the environment has no entity of that name; update: it came from this kit and was not
   * changed in the environment since; unchanged: it already equals the component; conflict: an
   * entity of the same name differs and was changed in the environment (or never came from the kit).
   */
  action: z.enum(SYNC_ACTIONS),
});
export type SyncItem = z.infer<typeof syncItemSchema>;

export const syncPreviewSchema = z.object({
  kit: kitSummarySchema,
  /** The kit revision the environment is synced to, null when it is not synced yet. */
  syncedRevision: z.number().int().nullable(),
  items: z.array(syncItemSchema),
});
export type SyncPreview = z.infer<typeof syncPreviewSchema>;

export const environmentSyncSchema = z.object({
  kit: kitSummarySchema,
  syncedRevision: z.number().int(),
  syncedAt: z.string(),
  /** The kit changed since: the screen offers the update. */
  updateAvailable: z.boolean(),
  entities: z.array(z.object({ type: componentTypeSchema, name: z.string() })),
});
export type EnvironmentSync = z.infer<typeof environmentSyncSchema>;

export const listEnvironmentSyncs = defineEndpoint({
  id: 'toolbox.syncs.list',
  method: 'GET',
  path: `${ENV}/syncs`,
  summary: 'The kits the environment is synced to, the entities each brought and whether an update is available',
  access: access.environment('envId', 'configurator', 'operations'),
  params: envParams,
  response: z.array(environmentSyncSchema),
});

export const previewSync = defineEndpoint({
  id: 'toolbox.sync.preview',
  method: 'GET',
  path: `${ENV}/kits/{kitId}/preview`,
  summary: 'What syncing the kit would create, update or leave alone, and the conflicts to resolve',
  access: access.environment('envId', 'configurator'),
  params: envKitParams,
  response: syncPreviewSchema,
});

export const CONFLICT_CHOICES = ['kit', 'environment'] as const;

export const syncKit = defineEndpoint({
  id: 'toolbox.sync.apply',
  method: 'POST',
  path: `${ENV}/kits/{kitId}/sync`,
  summary: 'Sync (or update) the kit into the environment in one transaction; every conflict needs a choice',
  access: access.environment('envId', 'configurator'),
  params: envKitParams,
  body: z.object({ resolutions: z.record(z.string(), z.enum(CONFLICT_CHOICES)).default({}) }),
  response: environmentSyncSchema,
});

export const unsyncKit = defineEndpoint({
  id: 'toolbox.sync.remove',
  method: 'POST',
  path: `${ENV}/kits/{kitId}/unsync`,
  summary: "Remove the sync: keep the entities as the environment's own, or delete them (409 toolboxEntityInUse)",
  access: access.environment('envId', 'configurator'),
  params: envKitParams,
  body: z.object({ mode: z.enum(['keep', 'delete']) }),
  response: z.object({ deleted: z.array(z.object({ type: componentTypeSchema, name: z.string() })) }),
});

export const toolboxSyncEndpoints: readonly Endpoint[] = [saveToToolbox, listEnvironmentSyncs, previewSync, syncKit, unsyncKit];
