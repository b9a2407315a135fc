/**
 * The testing center's test runs and domain rules (contract:
 * src/contract/testing-runs.ts). A run's rows never reference the bank's messages with a foreign
 * key: a run's results stay readable after a message is deleted from the bank.
 *
 * - testing_runs: one test of an environment on a set or on one bank message (current configuration
 *   or a version), its progress counters, the domain rules and kinds it was evaluated with, and its metrics once done.
 * - testing_run_messages: one row per message of the run: status (pending, success, error, timeout),
 *   expected (as qualified when the run started) and obtained values, outcomes per kind.
 * - testing_domain_rules: per project, domain rules v1 and v2 (src/testing-center/outcomes.ts).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { DomainRulesV1, DomainRulesV2, EvaluationKind, MetricsByKind } from '../../src/contract/testing-evaluation';
import type { TestMessageObtained, TestMessageExpected, TestMessageOutcomes } from '../../src/contract/testing-runs';
import { createdAt } from './schema-shared';
import { users } from './schema-accounts';
import { environments, projects } from './schema-projects';

export const testingRuns = pgTable(
  'testing_runs',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    environmentName: text('environment_name').notNull(),
    /**
     * The bank set tested (no foreign key: the run outlives the set) and its name as it was; or, for a
     * run of one (the qualification screen's pre-annotation), the single bank message, whose name is
     * its testing_run_messages row's.
     */
    setId: text('set_id'),
    setName: text('set_name'),
    messageId: text('message_id'),
    /** Null: the environment's configuration when the run started; else a version of it. */
    versionId: text('version_id'),
    versionName: text('version_name'),
    /** The configuration the run ran (copied at launch, so later edits do not change a running test). */
    settings: jsonb('settings').notNull(),
    /** queued → running → finished (or failed when the run itself could not go on). */
    status: text('status', { enum: ['queued', 'running', 'finished', 'failed'] }).notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    kinds: jsonb('kinds').$type<EvaluationKind[]>().notNull(),
    rulesV1: jsonb('rules_v1').$type<DomainRulesV1>().notNull(),
    rulesV2: jsonb('rules_v2').$type<DomainRulesV2>().notNull(),
    metrics: jsonb('metrics').$type<MetricsByKind>(),
    /** Why the run failed: a code of TEST_RUN_MESSAGE_ERROR_CODES (src/contract/testing-runs.ts) and its parameters. */
    error: text('error'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The server process running the run (server/testing-center/claim-run.ts) and until when its claim
     * holds: renewed after each message; once it ran out (the process died), another process takes over.
     */
    claimedBy: text('claimed_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('testing_runs_project_created_idx').on(t.projectId, t.createdAt),
    // A run is on a set (with its name) or on one message, never both or neither.
    check('testing_runs_set_or_message', sql`(${t.setId} IS NOT NULL AND ${t.setName} IS NOT NULL AND ${t.messageId} IS NULL) OR (${t.setId} IS NULL AND ${t.setName} IS NULL AND ${t.messageId} IS NOT NULL)`),
  ],
);

export const testingRunMessages = pgTable(
  'testing_run_messages',
  {
    runId: text('run_id')
      .notNull()
      .references(() => testingRuns.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: ['pending', 'success', 'error', 'timeout'] }).notNull().default('pending'),
    /** Why the message ended in error or timeout: a code of TEST_RUN_MESSAGE_ERROR_CODES and its parameters. */
    error: text('error'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    durationMs: integer('duration_ms'),
    expected: jsonb('expected').$type<TestMessageExpected>().notNull(),
    obtained: jsonb('obtained').$type<TestMessageObtained>(),
    outcomes: jsonb('outcomes').$type<TestMessageOutcomes>(),
    /** Categorization rules that gave each obtained category (the results page's "rule that fired"). */
    firedRules: jsonb('fired_rules').$type<{ category: string; rule: string }[]>(),
    /**
     * What the extractor made of the message, with the message's date: the browser replays the
     * later modules on it to try a configuration change without a run (src/testing-center/replay.ts).
     * Read as bytes in a module worker only (server/testing-center/replay-answer.ts): never select it
     * with the rest of the row.
     */
    replayInput: jsonb('replay_input'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.messageId] }), index('testing_run_messages_run_position_idx').on(t.runId, t.position)],
);

export const testingDomainRules = pgTable('testing_domain_rules', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  v1: jsonb('v1').$type<DomainRulesV1>().notNull(),
  v2: jsonb('v2').$type<DomainRulesV2>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
