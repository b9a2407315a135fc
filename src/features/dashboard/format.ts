/** Numbers, durations, shares and bucket names of the dashboard in the reader's language (spec §9). */
import { format } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import type { DashboardBucket } from '../../contract/dashboard';
import { formatDate, localDay } from '../../i18n/dates';
import type { Language } from '../../storage/preferences';
import type { ValueFormat } from './panels';

export function formatValue(value: number | null, kind: ValueFormat, language: Language): string {
  if (value === null) return '–';
  if (kind === 'percent') return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  if (kind === 'ms') {
    if (value < 1000) return `${new Intl.NumberFormat(language).format(value)} ms`;
    if (value < 120_000) return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value / 1000)} s`;
    return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value / 60_000)} min`;
  }
  return new Intl.NumberFormat(language).format(value);
}

/** A bucket start (`YYYY-MM-DD`, or `YYYY-MM-DDTHH` for hours) as its name on an axis. */
export function formatBucket(start: string, bucket: DashboardBucket, language: Language, weekOf: (date: string) => string): string {
  switch (bucket) {
    case 'hour':
      return `${start.slice(11, 13)}:00`;
    case 'day':
      return formatDate(start, language);
    case 'week':
      return weekOf(formatDate(start, language));
    case 'month':
      return format(localDay(start), 'MMM yy', { locale: language === 'fr' ? fr : enUS });
  }
}
