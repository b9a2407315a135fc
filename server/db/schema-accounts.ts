/** Organisations, users and how they sign in: memberships, invitations, sessions, resets, throttles, SSO, the audit log. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { memberRoleEnum, adminModeEnum, providerRoleEnum, invitationStatusEnum, createdAt } from './schema-shared';

export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  // Spec §9: the contract year starts on 1 January unless the organisation says otherwise.
  contractStartDate: date('contract_start_date', { mode: 'string' })
    .notNull()
    .default(sql`date_trunc('year', current_date)::date`),
  /** Analyses per contract year; null means no quota. */
  yearlyQuota: integer('yearly_quota'),
  /** Spec §9: analyses a light user may run per calendar month, across all their self-service use cases. */
  selfServiceMonthlyQuota: integer('self_service_monthly_quota').notNull().default(100),
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

/**
 * Invitations to an organisation. The mailed link carries a random token; the table keeps
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
    /** Accepting makes an organisation admin: a new organisation's first administrator. */
    admin: boolean('admin').notNull().default(false),
    status: invitationStatusEnum('status').notNull().default('pending'),
    invitedBy: text('invited_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_organisation_idx').on(t.organisationId)],
);

/**
 * Who did what, as whom, on what, and when (spec §1: provider staff actions; every change in
 * an organisation). Written by server/audit.ts after each successful change; a change is never
 * updated, but consecutive reads of one person in one organisation are one entry that counts them
 * (`calls`, from `firstAt` to `at`). No foreign keys: an entry outlives the user, project or
 * organisation it names.
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
    /** The names the entry is read with (environment, project, what was named), looked up when it was written. */
    names: jsonb('names').$type<{ environment?: string; project?: string; name?: string }>(),
    /** How many calls the entry stands for: consecutive reads are counted on one entry. */
    calls: integer('calls').notNull().default(1),
    /** The first of the counted reads (`at` is the last); null for a single call. */
    firstAt: timestamp('first_at', { withTimezone: true }),
  },
  (t) => [
    index('audit_logs_organisation_at_idx').on(t.organisationId, t.at),
    index('audit_logs_actor_idx').on(t.actorId),
  ],
);

/**
 * Forgotten-password tokens (spec §2.4): the mail carries a random token, the table only its
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
 * The OpenID Connect identity provider of an organisation (spec §2.4 "identity provider
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
