/**
 * Date rules of spec §9: French dd/mm/yy with Monday first; English mm/dd/yy with Sunday first.
 * Written from the date's own fields, not with date-fns: nearly every page shows a date, and
 * date-fns' formatter with its two locales was 7 KB of JavaScript before their first paint. The
 * patterns stay date-fns' for the date inputs, which read what is typed with them.
 */
import type { Language } from '../storage/preferences';

const rules = {
  fr: { date: 'dd/MM/yy', dateTime: 'dd/MM/yy HH:mm', weekStartsOn: 1 },
  en: { date: 'MM/dd/yy', dateTime: 'MM/dd/yy h:mm a', weekStartsOn: 0 },
} as const;

const two = (value: number) => String(value).padStart(2, '0');

/** A date that is no date is refused as date-fns refused it, rather than written "NaN/NaN/NaN". */
function valid(date: Date): Date {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

function day(date: Date, language: Language): string {
  const [dd, mm, yy] = [two(date.getDate()), two(date.getMonth() + 1), two(date.getFullYear() % 100)];
  return language === 'fr' ? `${dd}/${mm}/${yy}` : `${mm}/${dd}/${yy}`;
}

function time(date: Date, language: Language): string {
  const hours = date.getHours();
  return language === 'fr' ? `${two(hours)}:${two(date.getMinutes())}` : `${hours % 12 || 12}:${two(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * A calendar day (`YYYY-MM-DD`, as the server answers renewal and contract dates) is that day where
 * the reader is: `new Date('2026-12-01')` would be UTC midnight, the day before west of Greenwich.
 */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
function dateOf(value: Date | string | number): Date {
  return typeof value === 'string' && CALENDAR_DAY.test(value) ? localDay(value) : new Date(value);
}

/** A calendar day (`YYYY-MM-DD`, or the day of `YYYY-MM-DDTHH…`) as local midnight, for other formats (month names). */
export function localDay(day: string): Date {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function formatDate(value: Date | string | number, language: Language): string {
  return day(valid(dateOf(value)), language);
}

export function formatDateTime(value: Date | string | number, language: Language): string {
  const date = valid(new Date(value));
  return `${day(date, language)} ${time(date, language)}`;
}

/** A time of day alone (24-hour in French, 12-hour in English), for a moment within the hour. */
export function formatTime(value: Date | string | number, language: Language): string {
  return time(valid(new Date(value)), language);
}

/** The pattern (date-fns') a typed date (and time) is read with: the one it is displayed with. */
export function dateInputPattern(language: Language, withTime = false): string {
  return withTime ? rules[language].dateTime : rules[language].date;
}

/** 0 = Sunday, 1 = Monday, as date pickers expect. */
export function firstDayOfWeek(language: Language): 0 | 1 {
  return rules[language].weekStartsOn;
}
