/** Projects and their environments, with what hangs off an environment: versions, access keys, webhooks. */
import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { EnvironmentSettingsInput } from '../../src/contract/environments';
import { projectTypeEnum, accessProfileEnum, visibilityEnum, webhookTypeEnum, webhookFormatEnum, createdAt } from './schema-shared';
import { organisations, users, members } from './schema-accounts';

/** Spec §9: project names are at most 50 characters. */
export const PROJECT_NAME_MAX = 50;

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: PROJECT_NAME_MAX }).notNull(),
    type: projectTypeEnum('type').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('projects_organisation_idx').on(t.organisationId),
    // Target of project_permissions' composite key, which keeps a permission inside one organisation.
    unique('projects_organisation_id_unique').on(t.organisationId, t.id),
  ],
);

/**
 * A member's access profile on one project. The composite keys make it impossible to grant a
 * project of another organisation, and removing the member or the project removes the grant.
 */
export const projectPermissions = pgTable(
  'project_permissions',
  {
    organisationId: text('organisation_id').notNull(),
    userId: text('user_id').notNull(),
    projectId: text('project_id').notNull(),
    profile: accessProfileEnum('profile').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    foreignKey({
      name: 'project_permissions_member_fk',
      columns: [t.organisationId, t.userId],
      foreignColumns: [members.organisationId, members.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'project_permissions_project_fk',
      columns: [t.organisationId, t.projectId],
      foreignColumns: [projects.organisationId, projects.id],
    }).onDelete('cascade'),
    index('project_permissions_project_idx').on(t.projectId),
  ],
);

export const environments = pgTable(
  'environments',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    visibility: visibilityEnum('visibility').notNull().default('public'),
    priority: boolean('priority').notNull().default(false),
    /**
     * The configuration (modules, extractor and content settings, languages, retention, debug mode),
     * validated by `environmentSettingsSchema` of src/contract/environments.ts whenever it is read or
     * written; `{}` means every default.
     */
    settings: jsonb('settings').$type<EnvironmentSettingsInput>().notNull().default({}),
    /** Spec §4: deletion is asynchronous; the row is purged a few seconds after this. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Spec §5: an environment name is unique within its project.
  (t) => [uniqueIndex('environments_project_name_unique').on(t.projectId, t.name)],
);

/**
 * Named snapshots of an environment's configuration (spec §3 Environment "versions (name, date)",
 * the projectVersions screen). A snapshot is never changed; restoring copies it back into
 * `environments.settings`. The unique index also serves listing an environment's versions.
 */
export const environmentVersions = pgTable(
  'environment_versions',
  {
    id: text('id').primaryKey(),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Same shape and validation as `environments.settings`. */
    settings: jsonb('settings').$type<EnvironmentSettingsInput>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('environment_versions_environment_name_unique').on(t.environmentId, t.name)],
);

/**
 * Access keys of an environment (spec §3): the secret is shown once; only its SHA-256 is kept (the
 * secret is 32 random bytes, so a slow hash would add nothing), plus a short prefix to tell keys apart.
 */
export const accessKeys = pgTable(
  'access_keys',
  {
    id: text('id').primaryKey(),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('access_keys_environment_idx').on(t.environmentId)],
);

/**
 * Webhooks of an environment (spec §3). The authorization header value is stored encrypted
 * (AES-256-GCM, server/crypto/secret-box.ts) and only a masked hint is ever returned.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    type: webhookTypeEnum('type').notNull(),
    format: webhookFormatEnum('format').notNull(),
    active: boolean('active').notNull().default(true),
    authHeaderName: text('auth_header_name'),
    authHeaderValueEncrypted: text('auth_header_value_encrypted'),
    authHeaderValueHint: text('auth_header_value_hint'),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_environment_idx').on(t.environmentId)],
);
