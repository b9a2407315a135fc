/**
 * Toolbox endpoints (spec §2.2 toolbox, §2.4 Toolbox, §3 Kit and Component, §4 kit
 * synchronisation). Kits belong to an organisation; a kit includes its child kits' components.
 *
 * Access (spec §6 leaves it open; decided here):
 * - reading kits and components: its contributors (admins, and members holding qualifier or
 *   configurator on one of its projects; not cockpit-only members, §6 "dashboard only"), SRE too;
 * - writing kits and components: organisation admins and members who are configurator on at least
 *   one project of the organisation (checked by the handler, `toolboxEditForbidden`), and provider
 *   staff (SRE), who alone may publish a kit to every organisation;
 * - save to toolbox, preview, sync, update and unsync: configurator on the environment.
 * Every write runs in one server transaction.
 */
import { z } from 'zod';
import { access, defineEndpoint, plainText, type Endpoint } from './define';
import { componentContentSchema, componentTypeSchema } from './toolbox-entities';
import { TOOLBOX_ERROR_CODES } from './error-code-lists';
export { TOOLBOX_ERROR_CODES } from './error-code-lists';

export * from './toolbox-entities';

export type ToolboxErrorCode = (typeof TOOLBOX_ERROR_CODES)[number];

const ORG = '/v4/console/api/organisation/{orgaId}/toolbox';
const orgParams = z.object({ orgaId: z.string().min(1) });
const kitParams = orgParams.extend({ kitId: z.string().min(1) });
const componentParams = orgParams.extend({ componentId: z.string().min(1) });

const read = access.organisation('orgaId', 'contributor', 'operations');
const write = access.organisation('orgaId', 'contributor', 'operations');

export const kitSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string(),
  /** Published by provider staff: listed in every organisation, changed only by provider staff. */
  published: z.boolean(),
  /** Bumped by every change of the kit, its components or its child kits (theirs included). */
  revision: z.number().int().nonnegative(),
  componentCount: z.number().int().nonnegative(),
  childCount: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type KitSummary = z.infer<typeof kitSummarySchema>;

export const componentSummarySchema = z.object({
  id: z.string(),
  kitId: z.string(),
  type: componentTypeSchema,
  name: z.string(),
  notes: z.string(),
  updatedAt: z.string(),
});
export type ComponentSummary = z.infer<typeof componentSummarySchema>;

/** A kit with its components and its child kits, down the tree. */
export interface KitTree {
  kit: KitSummary;
  components: ComponentSummary[];
  children: KitTree[];
}
export const kitTreeSchema: z.ZodType<KitTree> = z.lazy(() =>
  z.object({ kit: kitSummarySchema, components: z.array(componentSummarySchema), children: z.array(kitTreeSchema) }),
);

export const kitDetailsSchema = z.object({
  kit: kitSummarySchema,
  tree: kitTreeSchema,
  parents: z.array(kitSummarySchema),
  /** Whether the caller may change this kit (the screens hide the editing otherwise). */
  editable: z.boolean(),
  /** Whether the caller may publish it to every organisation (provider staff). */
  canPublish: z.boolean(),
});
export type KitDetails = z.infer<typeof kitDetailsSchema>;

export const kitInputSchema = z.object({
  name: plainText().trim().min(1).max(100),
  notes: z.string().max(5000).default(''),
  published: z.boolean().default(false),
  childKitIds: z.array(z.string().min(1)).max(100).default([]),
});
export type KitInput = z.input<typeof kitInputSchema>;

export const componentSchema = componentSummarySchema.and(componentContentSchema).and(
  z.object({ kitName: z.string(), editable: z.boolean() }),
);
export type Component = z.infer<typeof componentSchema>;

export const componentInputSchema = z
  .object({ kitId: z.string().min(1), notes: z.string().max(5000).default('') })
  .and(componentContentSchema);
export type ComponentInput = z.input<typeof componentInputSchema>;

export const listKits = defineEndpoint({
  id: 'toolbox.kits.list',
  method: 'GET',
  path: `${ORG}/kits`,
  summary: "The organisation's kits and the published ones, by name; `search` filters on name and notes",
  access: read,
  params: orgParams,
  query: z.object({ search: z.string().max(100).optional() }),
  response: z.object({ kits: z.array(kitSummarySchema), editable: z.boolean() }),
});

export const createKit = defineEndpoint({
  id: 'toolbox.kits.create',
  method: 'POST',
  path: `${ORG}/kits`,
  summary: 'Create a kit (child kits may not lead back to it)',
  access: write,
  params: orgParams,
  body: kitInputSchema,
  response: kitSummarySchema,
});

export const getKit = defineEndpoint({
  id: 'toolbox.kits.get',
  method: 'GET',
  path: `${ORG}/kits/{kitId}`,
  summary: 'A kit with its tree of child kits and components, and its parent kits',
  access: read,
  params: kitParams,
  response: kitDetailsSchema,
});

export const updateKit = defineEndpoint({
  id: 'toolbox.kits.update',
  method: 'PUT',
  path: `${ORG}/kits/{kitId}`,
  summary: 'Rename a kit, change its notes and child kits (409 toolboxKitCycle on a cycle)',
  access: write,
  params: kitParams,
  body: kitInputSchema,
  response: kitSummarySchema,
});

export const deleteKit = defineEndpoint({
  id: 'toolbox.kits.delete',
  method: 'DELETE',
  path: `${ORG}/kits/{kitId}`,
  summary: 'Delete a kit and its components (409 toolboxKitSynced while environments are synced to it)',
  access: write,
  params: kitParams,
});

export const getComponent = defineEndpoint({
  id: 'toolbox.components.get',
  method: 'GET',
  path: `${ORG}/components/{componentId}`,
  summary: 'A component with its entity',
  access: read,
  params: componentParams,
  response: componentSchema,
});

export const createComponent = defineEndpoint({
  id: 'toolbox.components.create',
  method: 'POST',
  path: `${ORG}/components`,
  summary: 'Create a component in a kit; its entity is validated by the environment schema of its type',
  access: write,
  params: orgParams,
  body: componentInputSchema,
  response: componentSchema,
});

export const updateComponent = defineEndpoint({
  id: 'toolbox.components.update',
  method: 'PUT',
  path: `${ORG}/components/{componentId}`,
  summary: 'Replace a component (its kit, notes and entity); the kits holding it get a new revision',
  access: write,
  params: componentParams,
  body: componentInputSchema,
  response: componentSchema,
});

export const deleteComponent = defineEndpoint({
  id: 'toolbox.components.delete',
  method: 'DELETE',
  path: `${ORG}/components/{componentId}`,
  summary: 'Delete a component',
  access: write,
  params: componentParams,
});

export const toolboxEndpoints: readonly Endpoint[] = [
  listKits,
  createKit,
  getKit,
  updateKit,
  deleteKit,
  getComponent,
  createComponent,
  updateComponent,
  deleteComponent,
];
