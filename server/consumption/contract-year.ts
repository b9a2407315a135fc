/**
 * Contract years and their months (spec §3 Organisation, §9: the contract starts on 1 January unless
 * the organisation says otherwise). Pure date arithmetic on `YYYY-MM-DD` strings, in UTC so that no
 * server time zone shifts a day.
 */
import type { ContractYear } from '../../src/contract/consumption';

const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 0, m ?? 1, d ?? 1];
}

function iso(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The anniversary of the contract start in `year`; a 29 February start falls on the 28th otherwise. */
function anniversary(contractStartDate: string, year: number): number {
  const [, month, day] = parts(contractStartDate);
  return Date.UTC(year, month - 1, Math.min(day, daysInMonth(year, month)));
}

/** The contract year that starts in calendar year `year`. */
export function contractYear(contractStartDate: string, year: number): ContractYear {
  const start = anniversary(contractStartDate, year);
  const nextStart = anniversary(contractStartDate, year + 1);
  return { year, start: iso(start), end: iso(nextStart - DAY_MS) };
}

/** The contract year holding `date` (`YYYY-MM-DD`). */
export function contractYearOn(contractStartDate: string, date: string): ContractYear {
  const [year] = parts(date);
  const thisYear = contractYear(contractStartDate, year);
  return thisYear.start <= date ? thisYear : contractYear(contractStartDate, year - 1);
}

/** The day after `date`. */
export function nextDay(date: string): string {
  const [y, m, d] = parts(date);
  return iso(Date.UTC(y, m - 1, d) + DAY_MS);
}

export interface MonthBucket {
  /** `YYYY-MM`. */
  month: string;
  from: string;
  to: string;
}

/** Calendar months cut to the contract year: 12 when it starts on the 1st, 13 otherwise. */
export function monthsOf(year: ContractYear): MonthBucket[] {
  const buckets: MonthBucket[] = [];
  let from = year.start;
  while (from <= year.end) {
    const [y, m] = parts(from);
    const monthEnd = iso(Date.UTC(y, m - 1, daysInMonth(y, m)));
    const to = monthEnd < year.end ? monthEnd : year.end;
    buckets.push({ month: from.slice(0, 7), from, to });
    from = nextDay(to);
  }
  return buckets;
}
