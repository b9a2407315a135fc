/**
 * The toolbox (contract: src/contract/toolbox.ts; logic: server/toolbox/). Kits belong to
 * an organisation and hold components; `toolbox_kit_children` links a kit to its child kits (no
 * cycles: the server refuses them). `revision` of a kit is bumped by every change in it or below it,
 * so an environment synced to revision 3 knows there is an update when the kit reaches 4.
 * `toolbox_syncs` records which kit (and revision) an environment is synced to; `toolbox_synced_entities`
 * which of its entities came from which component, with the fingerprint of the entity as written,
 * so a later change in the environment shows as a conflict instead of being overwritten.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ComponentType } from '../../src/contract/toolbox-entities';
import { createdAt } from './schema-shared';
import { organisations } from './schema-accounts';
import { environments } from './schema-projects';

export const toolboxKits = pgTable(
  'toolbox_kits',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    /** Published by provider staff to every organisation. */
    published: boolean('published').notNull().default(false),
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('toolbox_kits_organisation_name_unique').on(t.organisationId, t.name)],
);

export const toolboxKitChildren = pgTable(
  'toolbox_kit_children',
  {
    parentId: text('parent_id')
      .notNull()
      .references(() => toolboxKits.id, { onDelete: 'cascade' }),
    childId: text('child_id')
      .notNull()
      .references(() => toolboxKits.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.childId] }), index('toolbox_kit_children_child_idx').on(t.childId)],
);

export const toolboxComponents = pgTable(
  'toolbox_components',
  {
    id: text('id').primaryKey(),
    kitId: text('kit_id')
      .notNull()
      .references(() => toolboxKits.id, { onDelete: 'cascade' }),
    type: text('type').$type<ComponentType>().notNull(),
    /** The entity's key (src/contract/toolbox-entities.ts `entityKey`): unique in a kit. */
    entityKey: text('entity_key').notNull(),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    entity: jsonb('entity').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('toolbox_components_kit_key_unique').on(t.kitId, t.entityKey)],
);

export const toolboxSyncs = pgTable(
  'toolbox_syncs',
  {
    id: text('id').primaryKey(),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    kitId: text('kit_id')
      .notNull()
      // The toolbox.kits.delete handler refuses while synced; cascade lets an organisation's deletion through.
      .references(() => toolboxKits.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('toolbox_syncs_environment_kit_unique').on(t.environmentId, t.kitId)],
);

export const toolboxSyncedEntities = pgTable(
  'toolbox_synced_entities',
  {
    syncId: text('sync_id')
      .notNull()
      .references(() => toolboxSyncs.id, { onDelete: 'cascade' }),
    componentId: text('component_id').notNull(),
    type: text('type').$type<ComponentType>().notNull(),
    entityKey: text('entity_key').notNull(),
    name: text('name').notNull(),
    /** Fingerprint of the entity as the sync wrote it (server/toolbox/fingerprint.ts). */
    fingerprint: text('fingerprint').notNull(),
  },
  (t) => [primaryKey({ columns: [t.syncId, t.entityKey] })],
);

