/**
 * Connectors (contract: src/contract/integrations.ts; engine: server/integrations/).
 * Secrets live sealed (crypto/secret-box.ts) in one column and never leave the server.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConnectorFailure, ConnectorSettings, ConnectorState, ConnectorType, CustomField, OutputMapping } from '../../src/contract/integrations';
import { createdAt } from './schema-shared';
import { environments } from './schema-projects';
import { analyses } from './schema-analyses';

export const connectors = pgTable(
  'connectors',
  {
    id: text('id').primaryKey(),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<ConnectorType>().notNull(),
    settings: jsonb('settings').$type<ConnectorSettings>().notNull(),
    /** Sealed JSON object: password, client secret, OAuth tokens and their expiry, pending PKCE verifier. */
    secretsSealed: text('secrets_sealed').notNull(),
    active: boolean('active').notNull().default(false),
    state: text('state').$type<ConnectorState>().notNull().default('needsAuthorization'),
    /** The pending OAuth authorization's `state` (the verifier is among the sealed secrets). */
    oauthState: text('oauth_state'),
    customFields: jsonb('custom_fields').$type<CustomField[]>().notNull().default([]),
    outputMappings: jsonb('output_mappings').$type<OutputMapping[]>().notNull().default([]),
    /** Scheduled runs fetch from here on; moved forward by each scheduled run. */
    cursorAt: timestamp('cursor_at', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastExecutionAt: timestamp('last_execution_at', { withTimezone: true }),
    /** The last run's or write-back's failure as code + detail (read as data, never parsed back out of text). */
    lastError: jsonb('last_error').$type<ConnectorFailure>(),
    createdAt: createdAt(),
  },
  (t) => [index('connectors_environment_idx').on(t.environmentId), uniqueIndex('connectors_oauth_state_idx').on(t.oauthState)],
);

/** A fetch over a period; claimed by one process at a time (lease), progress written as it goes. */
export const connectorRuns = pgTable(
  'connector_runs',
  {
    id: text('id').primaryKey(),
    connectorId: text('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    fromDate: timestamp('from_date', { withTimezone: true }).notNull(),
    toDate: timestamp('to_date', { withTimezone: true }).notNull(),
    forceDuplicates: boolean('force_duplicates').notNull().default(false),
    status: text('status', { enum: ['queued', 'running', 'done', 'error'] }).notNull().default('queued'),
    found: integer('found').notNull().default(0),
    created: integer('created').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: jsonb('error').$type<ConnectorFailure>(),
    claimedBy: text('claimed_by'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('connector_runs_connector_idx').on(t.connectorId, t.createdAt), index('connector_runs_status_idx').on(t.status)],
);

/**
 * Every message a connector turned into an analysis: the dedup list (a message seen is not analysed
 * again unless a run forces duplicates) and the write-back queue (results go back once finished).
 */
export const connectorMessages = pgTable(
  'connector_messages',
  {
    id: text('id').primaryKey(),
    connectorId: text('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    /** The provider's id (Gmail message id; IMAP `folder:uidvalidity:uid` and Message-ID). */
    messageId: text('message_id').notNull(),
    analysisId: text('analysis_id').references(() => analyses.id, { onDelete: 'set null' }),
    writeBack: text('write_back', { enum: ['pending', 'done', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    writeBackError: jsonb('write_back_error').$type<ConnectorFailure>(),
    writeBackLeaseUntil: timestamp('write_back_lease_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A message is recorded once per connector (the dedup list, even if two runs overlapped): a run
    // that forces duplicates replaces its row's analysis rather than adding a second row.
    uniqueIndex('connector_messages_message_idx').on(t.connectorId, t.messageId),
    index('connector_messages_write_back_idx').on(t.writeBack),
  ],
);
