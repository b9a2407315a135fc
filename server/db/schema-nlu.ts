/**
 * The NLU configuration tables, beside schema.ts (drizzle.config.ts reads both; db/open.ts
 * hands both to Drizzle). One row per archetype, context, interaction, interaction function and
 * server of an environment; names are unique per environment (interactions: per context), which the
 * unique indexes enforce. `nlu_revisions` counts the writes of each environment's NLU configuration:
 * every process keys its compiled engines on it (server/nlu/engine-cache.ts), so a write anywhere is
 * seen by every process at its next analysis.
 */
import { boolean, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { NLU_SERVER_STATUSES } from '../../src/contract/nlu-entities';
import type { InteractionFunctionKind, InteractionParameterSource, NluLanguage } from '../../src/nlu/types';
import type { NluResponseFormat } from '../../src/nlu/response-format';
import { environments } from './schema';

const environmentId = () =>
  text('environment_id')
    .notNull()
    .references(() => environments.id, { onDelete: 'cascade' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const nluArchetypes = pgTable(
  'nlu_archetypes',
  {
    id: text('id').primaryKey(),
    environmentId: environmentId(),
    name: text('name').notNull(),
    dictionaries: jsonb('dictionaries').$type<Partial<Record<NluLanguage, string>>>().notNull().default({}),
    notes: text('notes').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('nlu_archetypes_environment_name_unique').on(t.environmentId, t.name)],
);

export const nluContexts = pgTable(
  'nlu_contexts',
  {
    id: text('id').primaryKey(),
    environmentId: environmentId(),
    name: text('name').notNull(),
    languages: jsonb('languages').$type<NluLanguage[]>().notNull().default(['fr']),
    neutralizers: jsonb('neutralizers').$type<string[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('nlu_contexts_environment_name_unique').on(t.environmentId, t.name)],
);

export const nluInteractions = pgTable(
  'nlu_interactions',
  {
    id: text('id').primaryKey(),
    environmentId: environmentId(),
    contextId: text('context_id')
      .notNull()
      .references(() => nluContexts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    comment: text('comment').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    ordered: boolean('ordered').notNull().default(false),
    distance: integer('distance').notNull(),
    parameters: jsonb('parameters').$type<InteractionParameterSource[]>().notNull().default([]),
    functions: jsonb('functions').$type<string[]>().notNull().default([]),
    /** Fields of the original platform's export this console does not use, written back on export. */
    extras: jsonb('extras').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('nlu_interactions_context_name_unique').on(t.contextId, t.name)],
);

export const nluFunctions = pgTable(
  'nlu_functions',
  {
    id: text('id').primaryKey(),
    environmentId: environmentId(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    kind: text('kind').$type<InteractionFunctionKind>().notNull(),
    stringValue: text('string_value'),
    parameterName: text('parameter_name'),
    interactionToFind: text('interaction_to_find'),
    parameterToFind: text('parameter_to_find'),
    parameterBaseline: text('parameter_baseline'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('nlu_functions_environment_name_unique').on(t.environmentId, t.name)],
);

export const nluServerStatusEnum = pgEnum('nlu_server_status', NLU_SERVER_STATUSES);

export const nluServers = pgTable(
  'nlu_servers',
  {
    id: text('id').primaryKey(),
    environmentId: environmentId(),
    name: text('name').notNull(),
    aiVersion: text('ai_version').notNull(),
    defaultLanguage: text('default_language').notNull(),
    responseFormat: text('response_format').$type<NluResponseFormat>().notNull(),
    labeling: boolean('labeling').notNull().default(true),
    multipleInteractions: boolean('multiple_interactions').notNull().default(false),
    /** Context names (renaming a context renames it here too). */
    contexts: jsonb('contexts').$type<string[]>().notNull().default([]),
    token: text('token').notNull(),
    status: nluServerStatusEnum('status').notNull().default('stopped'),
    /** When the last start completes(d): `starting` before, `started` after (server/nlu/lifecycle.ts). */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** Last analysis or test through it; 5 minutes idle stops it (§9). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    extras: jsonb('extras').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('nlu_servers_environment_name_unique').on(t.environmentId, t.name)],
);

export const nluRevisions = pgTable('nlu_revisions', {
  environmentId: text('environment_id')
    .primaryKey()
    .references(() => environments.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull().default(0),
});
