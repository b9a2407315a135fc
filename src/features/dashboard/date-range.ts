/**
 * Spec §2.4 Dashboard date ranges: day, week, month, quarter or year, as "this" (from its first day
 * to today), "last" (the whole one before) or "past N" (the N units up to today, rolling). Weeks
 * start on the locale's first day (§9: French Monday, English Sunday). The bucket follows the
 * length: hours for one day, days up to a month, weeks up to a quarter, months beyond.
 */
import {
  addDays,
  differenceInCalendarDays,
  format,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  subDays,
  subMonths,
  subQuarters,
  subWeeks,
  subYears,
} from 'date-fns';
import type { DashboardBucket } from '../../contract/dashboard';

export const RANGE_UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type RangeUnit = (typeof RANGE_UNITS)[number];
export const RANGE_RELATIVES = ['this', 'last', 'past'] as const;
export type RangeRelative = (typeof RANGE_RELATIVES)[number];

/** Largest N of "past N" per unit: about five years, what the server accepts. */
export const MAX_PAST: Record<RangeUnit, number> = { day: 366, week: 260, month: 60, quarter: 20, year: 5 };

export interface RangeChoice {
  relative: RangeRelative;
  unit: RangeUnit;
  /** Only for "past". */
  n: number;
}

export interface ResolvedRange {
  from: string;
  to: string;
  bucket: DashboardBucket;
}

const parse = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const iso = (date: Date) => format(date, 'yyyy-MM-dd');

function startOf(date: Date, unit: RangeUnit, weekStartsOn: 0 | 1): Date {
  switch (unit) {
    case 'day':
      return date;
    case 'week':
      return startOfWeek(date, { weekStartsOn });
    case 'month':
      return startOfMonth(date);
    case 'quarter':
      return startOfQuarter(date);
    case 'year':
      return startOfYear(date);
  }
}

function back(date: Date, unit: RangeUnit, n: number): Date {
  switch (unit) {
    case 'day':
      return subDays(date, n);
    case 'week':
      return subWeeks(date, n);
    case 'month':
      return subMonths(date, n);
    case 'quarter':
      return subQuarters(date, n);
    case 'year':
      return subYears(date, n);
  }
}

export function bucketFor(days: number): DashboardBucket {
  if (days <= 1) return 'hour';
  if (days <= 31) return 'day';
  if (days <= 124) return 'week';
  return 'month';
}

/** `today` is the browser's date (`YYYY-MM-DD`). */
export function resolveRange(choice: RangeChoice, today: string, weekStartsOn: 0 | 1): ResolvedRange {
  const now = parse(today);
  let from: Date;
  let to: Date;
  if (choice.relative === 'this') {
    from = startOf(now, choice.unit, weekStartsOn);
    to = now;
  } else if (choice.relative === 'last') {
    const current = startOf(now, choice.unit, weekStartsOn);
    from = startOf(back(current, choice.unit, 1), choice.unit, weekStartsOn);
    to = subDays(current, 1);
  } else {
    const n = Math.min(Math.max(1, Math.floor(choice.n)), MAX_PAST[choice.unit]);
    from = addDays(back(now, choice.unit, n), 1);
    to = now;
  }
  return { from: iso(from), to: iso(to), bucket: bucketFor(differenceInCalendarDays(to, from) + 1) };
}

export const DEFAULT_RANGE: RangeChoice = { relative: 'this', unit: 'week', n: 7 };

/** The choice as it sits in the address (`?range=last-week`, `?range=past-3-month`), so a link keeps it. */
export function rangeParam(choice: RangeChoice): string {
  return choice.relative === 'past' ? `past-${choice.n}-${choice.unit}` : `${choice.relative}-${choice.unit}`;
}

export function parseRangeParam(value: string | null): RangeChoice {
  const match = /^(this|last|past)-(?:(\d{1,3})-)?(day|week|month|quarter|year)$/.exec(value ?? '');
  if (match === null) return DEFAULT_RANGE;
  const relative = match[1] as RangeRelative;
  const unit = match[3] as RangeUnit;
  const n = Math.min(Math.max(1, Number(match[2] ?? 1)), MAX_PAST[unit]);
  return relative === 'past' && match[2] === undefined ? DEFAULT_RANGE : { relative, unit, n: relative === 'past' ? n : DEFAULT_RANGE.n };
}
