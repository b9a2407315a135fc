/**
 * Analyses. Files live in the database (bytea) so several server processes on one
 * PostgreSQL share them without a shared disk; retention empties them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { AnalysisMetadata, ModuleResult } from '../../src/contract/analyses';
import type { ResultsSummary } from '../../src/contract/results-summary';
import { webhookTypeEnum, analysisStatusEnum, analysisInputTypeEnum, traceOutcomeEnum, deliveryOutcomeEnum, analysisFileRoleEnum, createdAt } from './schema-shared';
import { organisations } from './schema-accounts';
import { environments, webhooks } from './schema-projects';


/** Binary file content (also used by the testing center's bank files). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

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
    /**
     * What a user looks for first, kept when a run ends (src/analyses/results-summary.ts): final
     * categories with why, extracted values, reply draft; capped small, since every list row reads it.
     * Null until a run ends, and for analyses finished before it existed (answered empty, never guessed).
     */
    resultsSummary: jsonb('results_summary').$type<ResultsSummary>(),
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
    // The claim's way to the oldest waiting analysis of each environment without reading the whole
    // backlog: one step per environment with waiting work (migration 0034's function).
    index('analyses_waiting_idx')
      .on(t.environmentId, t.createdAt, t.id)
      .where(sql`status = 'waiting'`),
    // The claim's runs in progress (or whose lease ran out), without the analyses awaiting a final status.
    index('analyses_in_flight_idx')
      .on(t.environmentId)
      .where(sql`status = 'pending' and not awaiting_final_status`),
    // The dashboard's rollup and live hours (server/dashboard/): analyses that ended in an hour range.
    index('analyses_finished_idx').on(t.finishedAt).where(sql`finished_at is not null`),
    // The list's category filter: `results_summary->'categories' @> '[{"name": …}]'` (server/analyses/list.ts).
    index('analyses_categories_idx').using('gin', sql`(${t.resultsSummary} -> 'categories') jsonb_path_ops`),
    // The SRE lists across organisations (server/sre/analyses-list.ts): newest first over every environment.
    index('analyses_created_idx').on(t.createdAt, t.id),
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
 * The usage ledger (consumption): one row per analysis ever created, written in the same
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
    // The dashboard's rollup: analyses received in an hour range, every environment at once.
    index('analysis_usage_created_idx').on(t.createdAt),
  ],
);

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
    // The dashboard's rollup and live hours: attempts that ended in an hour range.
    index('webhook_deliveries_ended_idx').on(sql`coalesce(delivered_at, error_at)`),
    index('webhook_deliveries_due_idx')
      .on(t.scheduledAt)
      .where(sql`outcome = 'scheduled'`),
  ],
);
