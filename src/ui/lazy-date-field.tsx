/**
 * A date field that loads its calendar (Blueprint's DateInput with react-day-picker and date-fns'
 * parsing: ~50 KB gzip) when the user first reaches it, not with the page: until then a plain field
 * in the same place shows the same value and placeholder. Focusing it (click, tap or Tab) loads the
 * real field, which takes the focus and opens its calendar; pointing at it starts the load early.
 * Lists whose toolbar has date filters paint without them (bench:shell, the analyses list).
 */
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../i18n/dates';
import { usePreferences } from '../storage/preferences';
import type { DateField as DateFieldComponent } from './date-field';

type DateFieldProps = ComponentProps<typeof DateFieldComponent>;

const loadDateField = () => import('./date-field');

/** The real field, focused once mounted when the user had focused its stand-in. */
const LoadedDateField = lazy(() =>
  loadDateField().then(({ DateField }) => ({
    default: function FocusedDateField({ focus, ...props }: DateFieldProps & { focus: boolean }) {
      useEffect(() => {
        if (focus) document.getElementById(props.id)?.focus();
        // Once, when it replaces the stand-in.
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, []);
      return <DateField {...props} />;
    },
  })),
);

function StandIn({ id, value, withTime, required, readOnly, language: forced, onWanted }: DateFieldProps & { onWanted?: () => void }) {
  const { t } = useTranslation('common');
  const { language: preferred } = usePreferences();
  const language = forced ?? preferred;
  const shown = value === '' ? '' : withTime ? formatDateTime(new Date(value), language) : formatDate(new Date(`${value}T00:00:00`), language);
  return (
    <InputGroup
      id={id}
      value={shown}
      placeholder={t(withTime ? 'dates.dateTimePlaceholder' : 'dates.placeholder')}
      autoComplete="off"
      required={required}
      // Typing waits for the real field, which arrives on focus.
      readOnly
      disabled={readOnly}
      onFocus={onWanted}
      onPointerEnter={() => void loadDateField()}
    />
  );
}

export function LazyDateField(props: DateFieldProps) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <StandIn {...props} onWanted={() => setWanted(true)} />;
  return (
    <Suspense fallback={<StandIn {...props} />}>
      <LoadedDateField {...props} focus />
    </Suspense>
  );
}
