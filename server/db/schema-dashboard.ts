/**
 * Pre-aggregated dashboard figures (issue 18). Counting a year of a busy environment from the
 * analyses would read a million rows at each opening; instead closed hours are rolled up into
 * `dashboard_hours` (server/dashboard/rollup.ts) and the dashboard sums at most 24 rows a day per
 * figure. Hours after `dashboard_rollup.rolled_until` are counted live from the analyses, so the
 * dashboard is exact whether or not the rollup has run lately.
 */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One figure of one hour of one environment. No foreign key: like the usage ledger, the counts of
 * what happened outlive a deleted environment (and nothing reads them without one).
 * `metric` / `key`: received / '' (from the usage ledger); finished / final status; duration /
 * histogram bucket index (DURATION_BOUNDS_MS); moduleError / module name; category and
 * attachmentCategory / category name; webhook / delivered or failed.
 */
export const dashboardHours = pgTable(
  'dashboard_hours',
  {
    environmentId: text('environment_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.environmentId, t.hour, t.metric, t.key] })],
);

/** A single row (id 1): every hour before `rolledUntil` is in dashboard_hours. */
export const dashboardRollup = pgTable('dashboard_rollup', {
  id: integer('id').primaryKey(),
  rolledUntil: timestamp('rolled_until', { withTimezone: true }).notNull(),
});
