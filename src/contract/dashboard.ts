/**
 * The environment dashboard (spec §2.4 Dashboard, Dashboard date ranges; §6 cockpit or
 * qualifier; §8 'Impossible to load the dashboard', 'Dashboards are not available on this
 * deployment'). The console resolves the range the user picked (day, week, month, quarter, year;
 * this, last, past N; the locale's first day of week) into days and a bucket size; the server
 * counts the analyses of those days, in the caller's time zone, per bucket.
 *
 * Processing time runs from the analysis's creation to its end (queue wait included: what the
 * sender waits). Its percentiles are read from a histogram of fixed bounds (DURATION_BOUNDS_MS): a
 * percentile is the bound of the bucket holding the nearest-rank value, so "p95 = 2 s" means 95 %
 * of the analyses finished within 2 s and reading it never needs the raw rows.
 */
import { z } from 'zod';
import { access, forLightUsers, defineEndpoint } from './define';
import { isoDateSchema } from './organisations';
export { DASHBOARD_ERROR_CODES } from './error-code-lists';

/** Upper bounds (milliseconds, inclusive) of the processing-time histogram; above the last: the last. */
export const DURATION_BOUNDS_MS = [
  100, 200, 300, 500, 750, 1_000, 1_500, 2_000, 3_000, 5_000, 7_500, 10_000, 15_000, 20_000, 30_000, 45_000, 60_000, 90_000,
  120_000, 180_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 86_400_000,
] as const;

export const DASHBOARD_BUCKETS = ['hour', 'day', 'week', 'month'] as const;
export const dashboardBucketSchema = z.enum(DASHBOARD_BUCKETS);
export type DashboardBucket = z.infer<typeof dashboardBucketSchema>;

/** Longest range the server counts (five years of days), and hours only over a week at most. */
export const DASHBOARD_MAX_DAYS = 5 * 366;
export const DASHBOARD_MAX_HOUR_DAYS = 7;
/** Extracted values the dashboard lists. */
export const TOP_EXTRACTED_VALUES = 20;

const percentilesSchema = z.object({
  /** Milliseconds; null without finished analyses. */
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
});
export type Percentiles = z.infer<typeof percentilesSchema>;

const countsSchema = z.object({
  /** Analyses created (from the usage ledger: deleted analyses still count). */
  received: z.number().int(),
  /** Analyses that ended, by their final status. */
  processed: z.number().int(),
  error: z.number().int(),
  aborted: z.number().int(),
  /** error / (processed + error + aborted); null when none ended. */
  errorRate: z.number().nullable(),
  duration: percentilesSchema,
  /** Webhook delivery attempts that got a 2xx, and those that did not. */
  webhooksDelivered: z.number().int(),
  webhooksFailed: z.number().int(),
});

export const dashboardPointSchema = countsSchema.extend({
  /** Start of the bucket in the caller's time zone: `YYYY-MM-DD` or, for hours, `YYYY-MM-DDTHH`. */
  start: z.string(),
});
export type DashboardPoint = z.infer<typeof dashboardPointSchema>;

const categoryShareSchema = z.object({
  category: z.string(),
  total: z.number().int(),
  /** Per bucket, in the order of `points`. */
  perBucket: z.array(z.number().int()),
});
export type CategoryShare = z.infer<typeof categoryShareSchema>;

export const environmentDashboardSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  bucket: dashboardBucketSchema,
  timeZone: z.string(),
  points: z.array(dashboardPointSchema),
  totals: countsSchema,
  /** Modules whose result was an error, most errors first (by module name). */
  moduleErrors: z.array(z.object({ module: z.string(), errors: z.number().int() })),
  /** Categories given to the mail bodies, and to attachments; most frequent first. */
  categories: z.array(categoryShareSchema),
  attachmentCategories: z.array(categoryShareSchema),
  /**
   * The values the extraction module extracted most often (scalar values, up to 100 characters),
   * most frequent first. Each hour keeps its 20 most frequent values, so a value spread thinly over
   * many hours may be missing: a view of what recurs, not an exact census.
   */
  topExtractedValues: z.array(z.object({ field: z.string(), value: z.string(), count: z.number().int() })),
});
export type EnvironmentDashboard = z.infer<typeof environmentDashboardSchema>;

export const environmentDashboard = defineEndpoint({
  id: 'dashboard.environment',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/dashboard',
  summary:
    "An environment's dashboard over a range of days: analyses received and finished by status, processing-time percentiles, error rate, errors by module, categories and webhook deliveries per bucket (cockpit or qualifier; 503 dashboardsDisabled when turned off)",
  access: forLightUsers(access.environment('envId', 'cockpit', 'operations')),
  params: z.object({ envId: z.string().min(1) }),
  query: z.object({
    from: isoDateSchema,
    to: isoDateSchema,
    bucket: dashboardBucketSchema,
    /** First day of week buckets: 1 Monday (French), 0 Sunday (English). */
    weekStartsOn: z.coerce.number().int().min(0).max(1).default(1),
    tz: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_+\-/]+$/)
      .optional(),
  }),
  response: environmentDashboardSchema,
});

export const dashboardEndpoints = [environmentDashboard] as const;
