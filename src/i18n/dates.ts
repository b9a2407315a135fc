/** Date rules of spec §9: French dd/mm/yy with Monday first; English mm/dd/yy with Sunday first. */
import { format } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import type { Language } from '../storage/preferences';

const rules = {
  fr: { locale: fr, date: 'dd/MM/yy', dateTime: 'dd/MM/yy HH:mm', weekStartsOn: 1 },
  en: { locale: enUS, date: 'MM/dd/yy', dateTime: 'MM/dd/yy h:mm a', weekStartsOn: 0 },
} as const;

export function formatDate(value: Date | string | number, language: Language): string {
  return format(new Date(value), rules[language].date, { locale: rules[language].locale });
}

export function formatDateTime(value: Date | string | number, language: Language): string {
  return format(new Date(value), rules[language].dateTime, { locale: rules[language].locale });
}

/** The pattern a typed date (and time) is read with: the one it is displayed with. */
export function dateInputPattern(language: Language, withTime = false): string {
  return withTime ? rules[language].dateTime : rules[language].date;
}

/** 0 = Sunday, 1 = Monday, as date pickers expect. */
export function firstDayOfWeek(language: Language): 0 | 1 {
  return rules[language].weekStartsOn;
}
