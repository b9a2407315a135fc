/** Dashboard alerts and their history (contract: src/contract/alerts.ts; job: server/alerts/). */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AlertSettings } from '../../src/contract/alerts';
import { createdAt } from './schema-shared';
import { environments } from './schema-projects';

export const alerts = pgTable(
  'alerts',
  {
    id: text('id').primaryKey(),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<AlertSettings>().notNull(),
    /** The language of whoever created or last saved the alert: its mails are written in it. */
    language: text('language', { enum: ['fr', 'en'] }).notNull().default('fr'),
    enabled: boolean('enabled').notNull().default(true),
    /** Set by the job on a firing, cleared on the recovery or when the alert is disabled. */
    firing: boolean('firing').notNull().default(false),
    lastEvaluatedAt: timestamp('last_evaluated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('alerts_environment_idx').on(t.environmentId)],
);

/** Each firing and recovery, with the figure that decided it. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: text('id').primaryKey(),
    alertId: text('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    environmentId: text('environment_id').notNull(),
    kind: text('kind', { enum: ['fired', 'recovered'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    value: integer('value').notNull(),
  },
  (t) => [index('alert_events_environment_at_idx').on(t.environmentId, t.at)],
);
