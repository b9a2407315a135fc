/**
 * One environment's dashboard over a range of days (contract: src/contract/dashboard.ts). The hours
 * the rollup holds are read from dashboard_hours (one row per hour), the later ones counted live with
 * the same SELECT (hourly-figures.ts); both are summed per bucket of the caller's time zone, here.
 */
import { sql } from 'drizzle-orm';
import {
  DASHBOARD_MAX_DAYS,
  DASHBOARD_MAX_HOUR_DAYS,
  DURATION_BOUNDS_MS,
  TOP_EXTRACTED_VALUES,
  type CategoryShare,
  type DashboardBucket,
  type DashboardPoint,
  type EnvironmentDashboard,
} from '../../src/contract/dashboard';
import type { Database } from '../db/open';
import type { HourFigures } from '../db/schema-dashboard';
import { HttpError } from '../http-error';
import { rowsOf } from '../pipeline/claim';
import { addDays, bucketStarts, daysBetween } from './buckets';
import { FIELD_VALUE_SEPARATOR, hourlyFigures } from './hourly-figures';
import { percentiles } from './percentiles';
import { rolledUntil, rollUp } from './rollup';

export interface DashboardRequest {
  environmentId: string;
  from: string;
  to: string;
  bucket: DashboardBucket;
  weekStartsOn: number;
  tz: string;
}

/** The bucket label of an hour (`h`, timestamptz) in `tz`, as bucketStarts() writes them. */
function bucketOf(bucket: DashboardBucket, tz: string, weekStartsOn: number) {
  const local = sql`(h.hour AT TIME ZONE ${tz})`;
  switch (bucket) {
    case 'hour':
      return sql`to_char(${local}, 'YYYY-MM-DD"T"HH24')`;
    case 'day':
      return sql`to_char(${local}, 'YYYY-MM-DD')`;
    case 'week': {
      // PostgreSQL's weeks start on Monday; a Sunday week is Monday's shifted back one day.
      const shift = weekStartsOn === 0 ? sql`interval '1 day'` : sql`interval '0 days'`;
      return sql`to_char(date_trunc('week', ${local} + ${shift}) - ${shift}, 'YYYY-MM-DD')`;
    }
    case 'month':
      return sql`to_char(date_trunc('month', ${local}), 'YYYY-MM-DD')`;
  }
}

function checkRange(request: DashboardRequest): void {
  const days = daysBetween(request.from, request.to) + 1;
  const tooLong = request.bucket === 'hour' ? DASHBOARD_MAX_HOUR_DAYS : DASHBOARD_MAX_DAYS;
  if (days < 1 || days > tooLong) {
    throw new HttpError(400, {
      message: `A dashboard range covers 1 to ${tooLong} days`,
      code: 'invalidDashboardRange',
      params: { maxDays: tooLong },
    });
  }
}

interface FigureRow {
  start: string;
  metric: string;
  key: string;
  count: number;
}

async function figureRows(db: Database, request: DashboardRequest): Promise<FigureRow[]> {
  const { tz } = request;
  const [bounds] = rowsOf(
    await db.execute(sql`SELECT (${request.from}::date::timestamp AT TIME ZONE ${tz}) AS s, (${addDays(request.to, 1)}::date::timestamp AT TIME ZONE ${tz}) AS e`),
  );
  const start = new Date(bounds!.s as string);
  const end = new Date(bounds!.e as string);
  const rolled = await rolledUntil(db);
  const rolledEnd = rolled === null ? start : new Date(Math.min(Math.max(rolled.getTime(), start.getTime()), end.getTime()));
  const label = bucketOf(request.bucket, tz, request.weekStartsOn);
  const rows: FigureRow[] = [];
  if (rolledEnd > start) {
    const rolledHours = rowsOf(
      await db.execute(sql`SELECT ${label} AS start, h.figures FROM dashboard_hours h
        WHERE h.environment_id = ${request.environmentId} AND h.hour >= ${start.toISOString()}::timestamptz AND h.hour < ${rolledEnd.toISOString()}::timestamptz`),
    ) as unknown as { start: string; figures: HourFigures }[];
    for (const { start: bucketStart, figures } of rolledHours) {
      for (const [metric, keys] of Object.entries(figures)) {
        for (const [key, count] of Object.entries(keys)) rows.push({ start: bucketStart, metric, key, count });
      }
    }
  }
  if (rolledEnd < end) {
    const live = await db.execute(sql`
      SELECT ${label} AS start, h.metric, h.key, sum(h.count)::int AS count
      FROM (${hourlyFigures(rolledEnd, end, request.environmentId)}) h
      GROUP BY 1, 2, 3`);
    rows.push(...(rowsOf(live) as unknown as FigureRow[]));
  }
  return rows;
}

const emptyHistogram = () => new Array<number>(DURATION_BOUNDS_MS.length + 1).fill(0);

interface Tally {
  received: number;
  processed: number;
  error: number;
  aborted: number;
  histogram: number[];
  webhooksDelivered: number;
  webhooksFailed: number;
}
const emptyTally = (): Tally => ({ received: 0, processed: 0, error: 0, aborted: 0, histogram: emptyHistogram(), webhooksDelivered: 0, webhooksFailed: 0 });

function add(tally: Tally, row: FigureRow): void {
  if (row.metric === 'received') tally.received += row.count;
  else if (row.metric === 'finished' && (row.key === 'processed' || row.key === 'error' || row.key === 'aborted')) tally[row.key] += row.count;
  else if (row.metric === 'duration') tally.histogram[Number(row.key)]! += row.count;
  else if (row.metric === 'webhook' && row.key === 'delivered') tally.webhooksDelivered += row.count;
  else if (row.metric === 'webhook' && row.key === 'failed') tally.webhooksFailed += row.count;
}

function figures(tally: Tally) {
  const ended = tally.processed + tally.error + tally.aborted;
  const { histogram, ...counts } = tally;
  return { ...counts, errorRate: ended === 0 ? null : tally.error / ended, duration: percentiles(histogram) };
}

function shares(rows: FigureRow[], metric: string, starts: string[]): CategoryShare[] {
  const byCategory = new Map<string, number[]>();
  const index = new Map(starts.map((start, i) => [start, i]));
  for (const row of rows) {
    if (row.metric !== metric || !index.has(row.start)) continue;
    const perBucket = byCategory.get(row.key) ?? new Array<number>(starts.length).fill(0);
    perBucket[index.get(row.start)!]! += row.count;
    byCategory.set(row.key, perBucket);
  }
  return [...byCategory]
    .map(([category, perBucket]) => ({ category, perBucket, total: perBucket.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category));
}

/** The extracted values seen most often over the whole range, per field and value. */
function topExtractedValues(rows: FigureRow[], starts: Set<string>): EnvironmentDashboard['topExtractedValues'] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.metric === 'extractedValue' && starts.has(row.start)) counts.set(row.key, (counts.get(row.key) ?? 0) + row.count);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_EXTRACTED_VALUES)
    .map(([key, count]) => {
      const cut = key.indexOf(FIELD_VALUE_SEPARATOR);
      return { field: key.slice(0, cut), value: key.slice(cut + 1), count };
    });
}

export async function environmentDashboard(db: Database, request: DashboardRequest): Promise<EnvironmentDashboard> {
  checkRange(request);
  // Cheap when an hour or two are due; another process rolling meanwhile is fine (we read live).
  await rollUp(db);
  const rows = await figureRows(db, request);
  const starts = bucketStarts(request.from, request.to, request.bucket, request.weekStartsOn);
  const tallies = new Map(starts.map((start) => [start, emptyTally()]));
  const total = emptyTally();
  const moduleErrors = new Map<string, number>();
  for (const row of rows) {
    const tally = tallies.get(row.start);
    // Every label is in the list (same arithmetic); a guard, not a case.
    if (tally === undefined) continue;
    add(tally, row);
    add(total, row);
    if (row.metric === 'moduleError') moduleErrors.set(row.key, (moduleErrors.get(row.key) ?? 0) + row.count);
  }
  const points: DashboardPoint[] = starts.map((start) => ({ start, ...figures(tallies.get(start)!) }));
  return {
    from: request.from,
    to: request.to,
    bucket: request.bucket,
    timeZone: request.tz,
    points,
    totals: figures(total),
    moduleErrors: [...moduleErrors]
      .map(([module, errors]) => ({ module, errors }))
      .sort((a, b) => b.errors - a.errors || a.module.localeCompare(b.module)),
    categories: shares(rows, 'category', starts),
    attachmentCategories: shares(rows, 'attachmentCategory', starts),
    topExtractedValues: topExtractedValues(rows, new Set(starts)),
  };
}
