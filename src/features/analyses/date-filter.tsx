/**
 * A day picker that follows the interface language (§9): French dd/mm/yy with Monday first, English
 * mm/dd/yy with Sunday first. Its value is a local calendar day, `yyyy-MM-dd`, or '' for none. Its
 * calendar loads when the user reaches the field: the list paints without it.
 */
import type { Language } from '../../storage/preferences';
import { LazyDateField } from '../../ui/lazy-date-field';

export function DateFilter({ id, value, onChange, language }: { id: string; value: string; onChange: (day: string) => void; language: Language }) {
  return <LazyDateField id={id} value={value} onChange={onChange} language={language} />;
}

/** The ISO instant at which a local day starts (from) or ends (to), for the list query. */
export function dayBound(day: string, edge: 'start' | 'end'): string | undefined {
  if (day === '') return undefined;
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  const bound = edge === 'start' ? new Date(year, month - 1, date, 0, 0, 0, 0) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return bound.toISOString();
}
