/**
 * Pre-aggregated dashboard figures. Counting a year of a busy environment from the
 * analyses would read a million rows at each opening; instead closed hours are rolled up into
 * `dashboard_hours` (server/dashboard/rollup.ts), one row per environment and hour, and a year's
 * dashboard reads at most 8 784 rows. Hours after `dashboard_rollup.rolled_until` are counted live
 * from the analyses, so the dashboard is exact whether or not the rollup has run lately.
 */
import { jsonb, pgTable, primaryKey, text, timestamp, integer } from 'drizzle-orm/pg-core';

/**
 * Figures of one hour: `figures[metric][key]` is a count. Metrics and keys: received / '' (from
 * the usage ledger); finished / final status; duration / histogram bucket index
 * (DURATION_BOUNDS_MS); moduleError / module name; category and attachmentCategory / category
 * name; webhook / delivered or failed. One row per hour rather than one per figure: a year of a busy
 * environment is some 30 figures an hour, and reading 260 000 small rows is what would be slow.
 * No foreign key: like the usage ledger, the counts of what happened outlive a deleted environment.
 */
export type HourFigures = Record<string, Record<string, number>>;

export const dashboardHours = pgTable(
  'dashboard_hours',
  {
    environmentId: text('environment_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    figures: jsonb('figures').$type<HourFigures>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.environmentId, t.hour] })],
);

/** A single row (id 1): every hour before `rolledUntil` is in dashboard_hours. */
export const dashboardRollup = pgTable('dashboard_rollup', {
  id: integer('id').primaryKey(),
  rolledUntil: timestamp('rolled_until', { withTimezone: true }).notNull(),
});
