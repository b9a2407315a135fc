/** Numbers, months and days of the consumption screens in the reader's language (spec §9). */
import { format } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { formatDate, localDay } from '../../i18n/dates';
import type { Language } from '../../storage/preferences';

export function formatDay(day: string, language: Language): string {
  return formatDate(day, language);
}

/** `2026-03` → "mars 26" / "Mar 26". */
export function formatMonth(month: string, language: Language): string {
  return format(localDay(`${month}-01`), 'MMM yy', { locale: language === 'fr' ? fr : enUS });
}

export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(language).format(value);
}

const quantityOptions = (value: number): Intl.NumberFormatOptions => (value >= 1 ? { maximumFractionDigits: 2 } : { maximumSignificantDigits: 3 });

/** Small quantities (kg of CO2, kWh) with enough significant digits to read. */
export function formatQuantity(value: number, language: Language): string {
  if (value === 0) return new Intl.NumberFormat(language).format(0);
  return new Intl.NumberFormat(language, quantityOptions(value)).format(value);
}

/** The quantity as `formatQuantity` shows it, as a number: the count its noun agrees with ("1 hour", not "1 hours" for 0.9996). */
export function shownQuantity(value: number): number {
  if (value === 0) return 0;
  return Number(new Intl.NumberFormat('en', { ...quantityOptions(value), useGrouping: false }).format(value));
}

export function formatPercent(ratio: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}
