/**
 * A day picker that follows the interface language (§9): French dd/mm/yy with Monday first, English
 * mm/dd/yy with Sunday first. Its value is a local calendar day, `yyyy-MM-dd`, or '' for none.
 */
import { DateInput } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { isValid, parse } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { firstDayOfWeek, formatDate } from '../../i18n/dates';
import type { Language } from '../../storage/preferences';

const PATTERN: Record<Language, string> = { fr: 'dd/MM/yy', en: 'MM/dd/yy' };
// date-fns 4 locales: the picker only reads month and weekday names from them.
const LOCALES = { fr, en: enUS } as const;

export function DateFilter({ id, value, onChange, language }: { id: string; value: string; onChange: (day: string) => void; language: Language }) {
  const { t } = useTranslation('analyses');
  return (
    <DateInput
      inputProps={{ id, placeholder: t('list.datePlaceholder'), autoComplete: 'off' }}
      value={value === '' ? null : `${value}T00:00:00`}
      onChange={(next) => onChange(next === null ? '' : next.slice(0, 10))}
      formatDate={(date) => formatDate(date, language)}
      parseDate={(text) => {
        const date = parse(text, PATTERN[language], new Date());
        return isValid(date) ? date : false;
      }}
      locale={LOCALES[language] as never}
      dayPickerProps={{ weekStartsOn: firstDayOfWeek(language) }}
      showActionsBar
      todayButtonText={t('list.today')}
      clearButtonText={t('list.clear')}
      highlightCurrentDay
      canClearSelection
      closeOnSelection
      popoverProps={{ placement: 'bottom-start' }}
    />
  );
}

/** The ISO instant at which a local day starts (from) or ends (to), for the list query. */
export function dayBound(day: string, edge: 'start' | 'end'): string | undefined {
  if (day === '') return undefined;
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  const bound = edge === 'start' ? new Date(year, month - 1, date, 0, 0, 0, 0) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return bound.toISOString();
}
