/**
 * The Drizzle schema: one definition for PGlite and PostgreSQL. Migrations in ./migrations are
 * generated from this file with `npm run db:generate`; never edit them by hand, except to append a data
 * step to a freshly generated file (0008 backfills the usage ledger).
 *
 * Enumerations are PostgreSQL enums so the database itself refuses a value the contract does not know.
 * IDs are opaque text (random UUIDs at run time, readable fixed ids for the demo seed).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { roleSchema, type Role } from '../../src/contract/auth';
import type { EnvironmentSettingsInput } from '../../src/contract/environments';
import { ANALYSIS_STATUSES, TRACE_OUTCOMES, type AnalysisMetadata, type ModuleResult } from '../../src/contract/analyses';
import { INPUT_TYPES } from '../../src/contract/uploads';

// The database enum takes its values from the contract, so the two cannot drift apart.
export const memberRoleEnum = pgEnum('member_role', roleSchema.options as [Role, ...Role[]]);
export const adminModeEnum = pgEnum('admin_mode', ['admin', 'notAdmin']);
export const providerRoleEnum = pgEnum('provider_role', ['sre', 'support']);
export const projectTypeEnum = pgEnum('project_type', ['IC', 'NLU']);
export const accessProfileEnum = pgEnum('access_profile', [
  'configurator',
  'qualifier',
  'cockpit',
  'noAccess',
]);
export const visibilityEnum = pgEnum('environment_visibility', ['public', 'private']);

/** Spec §9: project names are at most 50 characters. */
export const PROJECT_NAME_MAX = 50;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  // Spec §9: the contract year starts on 1 January unless the organisation says otherwise.
  contractStartDate: date('contract_start_date', { mode: 'string' })
    .notNull()
    .default(sql`date_trunc('year', current_date)::date`),
  /** Analyses per contract year; null means no quota. */
  yearlyQuota: integer('yearly_quota'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    position: text('position'),
    /** scrypt hash (see server/auth/passwords.ts); null for accounts that only sign in through SSO. */
    passwordHash: text('password_hash'),
    passwordExpired: boolean('password_expired').notNull().default(false),
    /** Tokens issued before this instant are refused: set when the password changes or is reset. */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    isLight: boolean('is_light').notNull().default(false),
    /** Provider staff; they act across organisations, so this lives on the user, not the member. */
    providerRole: providerRoleEnum('provider_role'),
    createdAt: createdAt(),
  },
  (t) => [
    // Case-insensitive: "Admin" and "admin" are one account, and sign-in looks them up that way.
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

export const members = pgTable(
  'members',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: memberRoleEnum('role').notNull(),
    adminMode: adminModeEnum('admin_mode').notNull().default('notAdmin'),
    /** External to the organisation (spec §6 "guest users"). */
    guest: boolean('guest').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    index('members_user_idx').on(t.userId),
    // adminMode is what the member screens toggle; the role is what permissions read. One truth.
    check(
      'members_admin_mode_matches_role',
      sql`(${t.role} = 'ROLE_ORGANISATION_ADMIN') = (${t.adminMode} = 'admin')`,
    ),
  ],
);

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

export const invitationStatusEnum = pgEnum('invitation_status', ['pending', 'accepted', 'declined']);

/**
 * Invitations to an organisation (issue 5). The mailed link carries a random token; the table keeps
 * only its SHA-256. Accepting creates the user and the membership with the profiles chosen here.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    username: text('username').notNull(),
    position: text('position'),
    guest: boolean('guest').notNull().default(false),
    profiles: jsonb('profiles').$type<{ projectId: string; profile: string }[]>().notNull().default([]),
    status: invitationStatusEnum('status').notNull().default('pending'),
    invitedBy: text('invited_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_organisation_idx').on(t.organisationId)],
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

export const webhookTypeEnum = pgEnum('webhook_type', ['analysis', 'consolidation', 'error']);
export const webhookFormatEnum = pgEnum('webhook_format', ['json', 'form']);

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

/**
 * Who did what, as whom, on what, and when (spec §1: provider staff actions; issue 5: every change in
 * an organisation). Written by server/audit.ts after each successful change, never updated. No
 * foreign keys: an entry outlives the user, project or organisation it names.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    organisationId: text('organisation_id'),
    actorId: text('actor_id').notNull(),
    actorUsername: text('actor_username').notNull(),
    /** The ghosted user, when a support agent acted as someone. */
    asUserId: text('as_user_id'),
    asUsername: text('as_username'),
    /** The contract operation id, e.g. `projects.create`. */
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    status: integer('status').notNull(),
  },
  (t) => [
    index('audit_logs_organisation_at_idx').on(t.organisationId, t.at),
    index('audit_logs_actor_idx').on(t.actorId),
  ],
);

/**
 * Forgotten-password tokens (spec §2.4, issue 3): the mail carries a random token, the table only its
 * SHA-256, so a database leak cannot reset anyone's password. Single use, one hour.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Attempt counters of the sign-in and forgotten-password limits (server/auth/throttle.ts), one row per
 * key (`login-ip:<address>`, `login-pair:<username>|<address>`, `reset-ip:<address>`, …), so the
 * limits hold across several server processes on one PostgreSQL. A row is reserved (incremented) in
 * one statement before the work it guards, so concurrent attempts cannot all slip past the count.
 */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  /** Attempts in the current window (fixed-window keys) or failures in a row (backoff keys). */
  attempts: integer('attempts').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  /** Backoff keys: no attempt before this instant. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Sign-in sessions (server/auth/sessions.ts): one row per sign-in, shared by the refresh tokens it
 * rotates through (a family, OAuth 2.0 Security BCP §4.14) and the access tokens issued in it (they
 * carry its id). `generation` is the only refresh token of the family still usable; presenting an
 * older one ends the session. Logout ends it too.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull().default(0),
    /** When `generation` last moved on: the previous token stays usable for a few seconds after. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the current refresh token expires; rows past it are dropped at the user's next sign-in. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The OpenID Connect identity provider of an organisation (issue 3, spec §2.4 "identity provider
 * (OIDC)"): members of the organisation sign in there instead of typing a password. One per
 * organisation. `emailDomain`, when set, limits it to members whose email is at that domain, so
 * guests and outside consultants of the organisation keep their passwords.
 * The client secret is stored as given: the database is already the keeper of every credential hash.
 */
export const organisationIdentityProviders = pgTable('organisation_identity_providers', {
  organisationId: text('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** Issuer URL; its `/.well-known/openid-configuration` is read at sign-in. */
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  emailDomain: text('email_domain'),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Analyses (issue 6). Files live in the database (bytea) so several server processes on one
// PostgreSQL share them without a shared disk; retention empties them.
// ---------------------------------------------------------------------------------------------

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

export const analysisStatusEnum = pgEnum('analysis_status', ANALYSIS_STATUSES);
export const analysisInputTypeEnum = pgEnum('analysis_input_type', INPUT_TYPES);
export const traceOutcomeEnum = pgEnum('trace_outcome', TRACE_OUTCOMES);
export const deliveryOutcomeEnum = pgEnum('delivery_outcome', ['scheduled', 'delivered', 'failed']);

/**
 * One analysis (spec §3 Analysis, §4 Analysis progress). Workers claim `waiting` rows, and `pending`
 * rows whose lease ran out (their worker died), with `FOR UPDATE SKIP LOCKED`; a worker renews
 * `leaseExpiresAt` while it runs and only writes its result while `claimedBy` is still itself.
 */
export const analyses = pgTable(
  'analyses',
  {
    id: text('id').primaryKey(),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: analysisStatusEnum('status').notNull().default('waiting'),
    inputType: analysisInputTypeEnum('input_type').notNull(),
    metadata: jsonb('metadata').$type<AnalysisMetadata>().notNull().default({}),
    /** Who queued it: a user id (console) or an access key id (program); null once they are gone. */
    createdByUserId: text('created_by_user_id'),
    createdByKeyId: text('created_by_key_id'),
    /** §4: wait for an external PATCH once every module ran. */
    manualFinalStatus: boolean('manual_final_status').notNull().default(false),
    awaitingFinalStatus: boolean('awaiting_final_status').notNull().default(false),
    exchangeLabels: jsonb('exchange_labels').$type<string[]>(),
    /** Per-module results of the last run, in pipeline order. */
    modules: jsonb('modules').$type<ModuleResult[]>().notNull().default([]),
    error: text('error'),
    /** 1 for the first run; reanalysis adds one, so trace entries of each run stay apart. */
    run: integer('run').notNull().default(1),
    claimedBy: text('claimed_by'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** How many times a worker claimed the current run (a crash-looping analysis ends in error). */
    claims: integer('claims').notNull().default(0),
    /** CPU time the pipeline spent, all runs together (consumption and CO2). */
    cpuMs: integer('cpu_ms').notNull().default(0),
    fileCount: integer('file_count').notNull().default(0),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Retention (§9) removed content and files; metadata stays. Such an analysis cannot be opened. */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    /**
     * What the list's search looks in: the name and the metadata values, lower-cased. Kept by the
     * database itself (a generated column), so every way of inserting an analysis fills it; the
     * trigram index below makes `like '%term%'` fast (server/analyses/list.ts).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || jsonb_path_query_array(metadata, '$.*')::text)`),
  },
  (t) => [
    // The list: newest first within an environment, optionally by status, or by name.
    index('analyses_environment_created_idx').on(t.environmentId, t.createdAt, t.id),
    index('analyses_environment_status_created_idx').on(t.environmentId, t.status, t.createdAt),
    index('analyses_environment_name_idx').on(t.environmentId, t.name, t.id),
    // Substring search (pg_trgm: migration 0005, loaded into PGlite by db/open.ts): names alone, or
    // names and metadata values. Two indexes, so the planner estimates each search on its own column
    // and walks the date index instead for a term that matches thousands.
    index('analyses_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('analyses_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The queue: only unfinished rows are indexed, so claiming stays cheap however long the history.
    index('analyses_queue_idx')
      .on(t.status, t.createdAt)
      .where(sql`status in ('waiting', 'pending')`),
  ],
);

/**
 * When each organisation last had an analysis claimed (server/pipeline/claim.ts): workers serve the
 * organisation served longest ago first, so one tenant's backlog does not starve the others.
 */
export const queueTurns = pgTable('queue_turns', {
  organisationId: text('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  servedAt: timestamp('served_at', { withTimezone: true }).notNull(),
});

/**
 * The usage ledger (consumption, issue 6): one row per analysis ever created, written in the same
 * transaction as the analysis and kept in step with its CPU time. No foreign keys on purpose: the
 * row outlives the analysis, its environment and its project, so deleting them gives no quota back
 * and removes nothing from the CO2 footprint. The consumption figures read this table only.
 */
export const analysisUsage = pgTable(
  'analysis_usage',
  {
    analysisId: text('analysis_id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    projectId: text('project_id').notNull(),
    environmentId: text('environment_id').notNull(),
    createdAt: createdAt(),
    /** CPU time the pipeline spent on the analysis, all runs together (the same as analyses.cpu_ms). */
    cpuMs: integer('cpu_ms').notNull().default(0),
  },
  (t) => [
    // The organisation page and the quota (a contract year of one organisation); the widget (a day of one environment).
    index('analysis_usage_organisation_created_idx').on(t.organisationId, t.createdAt),
    index('analysis_usage_environment_created_idx').on(t.environmentId, t.createdAt),
  ],
);

export const analysisFileRoleEnum = pgEnum('analysis_file_role', ['main', 'attachment']);

/** The files sent with an analysis: the main file first (position 0), then the attachments. */
export const analysisFiles = pgTable(
  'analysis_files',
  {
    id: text('id').primaryKey(),
    analysisId: text('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    role: analysisFileRoleEnum('role').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Null once the analysis is anonymized. */
    content: bytea('content'),
  },
  (t) => [index('analysis_files_analysis_idx').on(t.analysisId, t.position)],
);

/** The process trace: one row per step of each run (module, start, duration, outcome, message). */
export const analysisTrace = pgTable(
  'analysis_trace',
  {
    id: text('id').primaryKey(),
    analysisId: text('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    run: integer('run').notNull(),
    step: integer('step').notNull(),
    module: text('module').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    outcome: traceOutcomeEnum('outcome').notNull(),
    message: text('message'),
  },
  (t) => [index('analysis_trace_analysis_idx').on(t.analysisId, t.run, t.step)],
);

/**
 * Webhook delivery attempts (§3, §8). A `scheduled` row is a delivery waiting for its time; workers
 * claim due rows with `FOR UPDATE SKIP LOCKED`, and a failed attempt schedules the next one with
 * backoff until the bound is reached.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    analysisId: text('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    webhookId: text('webhook_id').references(() => webhooks.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    type: webhookTypeEnum('type').notNull(),
    attempt: integer('attempt').notNull(),
    /**
     * The delivery this attempt belongs to, sent as X-Postroom-Delivery so receivers can drop
     * duplicates: null on a first attempt (its own id names the delivery), that id on the retries.
     */
    deliveryId: text('delivery_id'),
    outcome: deliveryOutcomeEnum('outcome').notNull().default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb('payload').$type<unknown>(),
    httpStatus: integer('http_status'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    errorAt: timestamp('error_at', { withTimezone: true }),
    error: text('error'),
    claimedBy: text('claimed_by'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_analysis_idx').on(t.analysisId, t.attempt),
    index('webhook_deliveries_due_idx')
      .on(t.scheduledAt)
      .where(sql`outcome = 'scheduled'`),
  ],
);
