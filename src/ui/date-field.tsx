/**
 * Day and day-with-time fields that follow the interface language (spec §9): French dd/mm/yy with Monday
 * first, English mm/dd/yy with Sunday first. A native `<input type="date">` follows the browser's locale
 * instead (mm/dd/yyyy in a French console), hence this wrapper around Blueprint's DateInput.
 * Values keep the native formats, so callers and the server are unchanged: a day is `yyyy-MM-dd`,
 * a day with time `yyyy-MM-ddTHH:mm`, '' for none.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
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
  // Escape closes the calendar and nothing else (in a dialog it would otherwise close the dialog too) and
  // leaves the focus in the field. Blueprint reopens the calendar whenever the field gets the focus, so it
  // stays hidden until the user clicks, types or leaves and comes back; a second Escape goes to the dialog.
  const [calendarDismissed, setCalendarDismissed] = useState(false);
  const focusAfterEscape = useRef(false);
  const dismissCalendar = (input: HTMLInputElement | null) => {
    setCalendarDismissed(true);
    focusAfterEscape.current = true;
    input?.focus();
  };
  const onKeyDownCapture = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!calendarDismissed) return;
    // With the calendar hidden, Tab leaves the field as usual (Blueprint would send it into the calendar).
    if (event.key === 'Tab') event.stopPropagation();
    else if (!['Escape', 'Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) setCalendarDismissed(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || event.currentTarget.getAttribute('aria-expanded') !== 'true') return;
    event.stopPropagation();
    dismissCalendar(event.currentTarget);
  };
  return (
    <DateInput
      inputProps={{
        id,
        placeholder: t(withTime ? 'dates.dateTimePlaceholder' : 'dates.placeholder'),
        autoComplete: 'off',
        required,
        readOnly,
        onKeyDownCapture,
        onKeyDown,
        onClick: () => setCalendarDismissed(false),
        onFocus: () => {
          if (focusAfterEscape.current) focusAfterEscape.current = false;
          else setCalendarDismissed(false);
        },
      }}
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
        // DateInput's types leave `disabled` out (it has its own, which disables the field); passed on to
        // the popover, it only keeps the calendar hidden.
        ...({ disabled: calendarDismissed } as object),
        // Escape in the calendar: Blueprint closes it and gives the focus back to the field.
        onClose: (event) => {
          // Blueprint gives the focus back itself: only the dismissal is ours.
          if (event && 'key' in event && event.key === 'Escape') dismissCalendar(null);
        },
        // Blueprint names the calendar "date picker" in every language and has no prop for it.
        onOpening: (node) => node.querySelector('[role="dialog"]')?.setAttribute('aria-label', t('dates.picker')),
      }}
    />
  );
}
