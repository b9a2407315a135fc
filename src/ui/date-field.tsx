/**
 * Day and day-with-time fields that follow the interface language (spec §9): French dd/mm/yy with Monday
 * first, English mm/dd/yy with Sunday first. A native `<input type="date">` follows the browser's locale
 * instead (mm/dd/yyyy in a French console), hence this wrapper around Blueprint's DateInput.
 * Values keep the native formats, so callers and the server are unchanged: a day is `yyyy-MM-dd`,
 * a day with time `yyyy-MM-ddTHH:mm`, '' for none.
 */
import { DateInput } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { isValid, parse } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { dateInputPattern, firstDayOfWeek, formatDate, formatDateTime } from '../i18n/dates';
import { usePreferences, type Language } from '../storage/preferences';

// date-fns 4 locales: the picker only reads month and weekday names from them.
const LOCALES = { fr, en: enUS } as const;
// Blueprint's default range ends six months ahead: contracts and periods may be planned further.
const MIN_DATE = new Date(2000, 0, 1);
const MAX_DATE = new Date(new Date().getFullYear() + 10, 11, 31);

interface DateFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Adds hours and minutes; the value becomes `yyyy-MM-ddTHH:mm`. */
  withTime?: boolean;
  required?: boolean;
  readOnly?: boolean;
  /** Defaults to the user's interface language. */
  language?: Language;
}

export function DateField({ id, value, onChange, withTime = false, required, readOnly, language: forced }: DateFieldProps) {
  const { t } = useTranslation('common');
  const { language: preferred } = usePreferences();
  const language = forced ?? preferred;
  const pattern = dateInputPattern(language, withTime);
  const length = withTime ? 16 : 10;
  return (
    <DateInput
      inputProps={{ id, placeholder: t(withTime ? 'dates.dateTimePlaceholder' : 'dates.placeholder'), autoComplete: 'off', required, readOnly }}
      disabled={readOnly}
      value={value === '' ? null : withTime ? value : `${value}T00:00:00`}
      onChange={(next) => onChange(next === null ? '' : next.slice(0, length))}
      formatDate={(date) => (withTime ? formatDateTime(date, language) : formatDate(date, language))}
      parseDate={(text) => {
        const date = parse(text.trim(), pattern, new Date());
        return isValid(date) ? date : false;
      }}
      minDate={MIN_DATE}
      maxDate={MAX_DATE}
      timePrecision={withTime ? 'minute' : undefined}
      locale={LOCALES[language] as never}
      dayPickerProps={{ weekStartsOn: firstDayOfWeek(language) }}
      showActionsBar
      todayButtonText={t('dates.today')}
      clearButtonText={t('dates.clear')}
      highlightCurrentDay
      canClearSelection={!required}
      closeOnSelection={!withTime}
      popoverProps={{
        placement: 'bottom-start',
        // Blueprint names the calendar "date picker" in every language and has no prop for it.
        onOpening: (node) => node.querySelector('[role="dialog"]')?.setAttribute('aria-label', t('dates.picker')),
      }}
    />
  );
}
