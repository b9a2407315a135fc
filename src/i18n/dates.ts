/** Date rules of spec §9: French dd/mm/yy with Monday first; English mm/dd/yy with Sunday first. */
import { format } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import type { Language } from '../storage/preferences';

const rules = {
  fr: { locale: fr, date: 'dd/MM/yy', dateTime: 'dd/MM/yy HH:mm', time: 'HH:mm', weekStartsOn: 1 },
  en: { locale: enUS, date: 'MM/dd/yy', dateTime: 'MM/dd/yy h:mm a', time: 'h:mm a', weekStartsOn: 0 },
} as const;

/**
 * A calendar day (`YYYY-MM-DD`, as the server answers renewal and contract dates) is that day where
 * the reader is: `new Date('2026-12-01')` would be UTC midnight, the day before west of Greenwich.
 */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
function dateOf(value: Date | string | number): Date {
  return typeof value === 'string' && CALENDAR_DAY.test(value) ? localDay(value) : new Date(value);
}

/** A calendar day (`YYYY-MM-DD`, or the day of `YYYY-MM-DDTHH…`) as local midnight, for other date-fns formats (month names). */
export function localDay(day: string): Date {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function formatDate(value: Date | string | number, language: Language): string {
  return format(dateOf(value), rules[language].date, { locale: rules[language].locale });
}

export function formatDateTime(value: Date | string | number, language: Language): string {
  return format(new Date(value), rules[language].dateTime, { locale: rules[language].locale });
}

/** A time of day alone (24-hour in French, 12-hour in English), for a moment within the hour. */
export function formatTime(value: Date | string | number, language: Language): string {
  return format(new Date(value), rules[language].time, { locale: rules[language].locale });
}

/** The pattern a typed date (and time) is read with: the one it is displayed with. */
export function dateInputPattern(language: Language, withTime = false): string {
  return withTime ? rules[language].dateTime : rules[language].date;
}

/** 0 = Sunday, 1 = Monday, as date pickers expect. */
export function firstDayOfWeek(language: Language): 0 | 1 {
  return rules[language].weekStartsOn;
}
