/**
 * The buckets of a dashboard range, as the labels the SQL gives them (read.ts): calendar arithmetic
 * on dates only (UTC Date objects as plain calendar days), so no time zone enters here.
 */
import type { DashboardBucket } from '../../src/contract/dashboard';

const DAY_MS = 86_400_000;
const parse = (date: string) => new Date(`${date}T00:00:00Z`);
const format = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => format(new Date(parse(date).getTime() + days * DAY_MS));
export const daysBetween = (from: string, to: string) => Math.round((parse(to).getTime() - parse(from).getTime()) / DAY_MS);

/** First day of the week holding `date` (weekStartsOn: 0 Sunday, 1 Monday). */
export function weekStart(date: string, weekStartsOn: number): string {
  const day = parse(date).getUTCDay();
  return addDays(date, -((day - weekStartsOn + 7) % 7));
}

/** Bucket starts from `from` to `to` (inclusive days): `YYYY-MM-DDTHH` for hours, a date otherwise. */
export function bucketStarts(from: string, to: string, bucket: DashboardBucket, weekStartsOn: number): string[] {
  const starts: string[] = [];
  if (bucket === 'hour') {
    for (let day = from; day <= to; day = addDays(day, 1)) {
      for (let h = 0; h < 24; h += 1) starts.push(`${day}T${String(h).padStart(2, '0')}`);
    }
  } else if (bucket === 'day') {
    for (let day = from; day <= to; day = addDays(day, 1)) starts.push(day);
  } else if (bucket === 'week') {
    for (let day = weekStart(from, weekStartsOn); day <= to; day = addDays(day, 7)) starts.push(day);
  } else {
    const first = parse(from);
    for (let y = first.getUTCFullYear(), m = first.getUTCMonth(); ; m += 1) {
      const start = format(new Date(Date.UTC(y, m, 1)));
      if (start > to) break;
      starts.push(start);
    }
  }
  return starts;
}
