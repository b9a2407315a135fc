/** The dashboard's date range (§2.4): this / last / past N, and the unit; the resolved days beside it. */
import { HTMLSelect } from '@blueprintjs/core';
import { NumericInput } from '../../ui/numeric-input';
import { useTranslation } from 'react-i18next';
import { MAX_PAST, RANGE_RELATIVES, RANGE_UNITS, type RangeChoice, type RangeRelative, type RangeUnit } from './date-range';
import { Field } from '../../ui/form';

/** `onChange` receives only what the person changed: the page applies it to the range in the address. */
export function RangePicker({ choice, onChange }: { choice: RangeChoice; onChange: (change: Partial<RangeChoice>) => void }) {
  const { t } = useTranslation('dashboard');
  // "Glissant(e) sur 1 jour", "sur 7 jours": the unit agrees with the number; this and last period read as one.
  const unitCount = choice.relative === 'past' ? choice.n : 1;
  return (
    <div className="p-dashboard-range" role="group" aria-label={t('range.label')}>
      <Field label={t('range.relative')} labelFor="dashboard-relative" inline>
        <HTMLSelect
          id="dashboard-relative"
          value={choice.relative}
          onChange={(event) => onChange({ relative: event.currentTarget.value as RangeRelative })}
          options={RANGE_RELATIVES.map((value) => ({ value, label: t(`range.relatives.${value}`) }))}
        />
      </Field>
      {choice.relative === 'past' && (
        <Field label={t('range.n')} labelFor="dashboard-n" inline>
          <NumericInput
            id="dashboard-n"
            min={1}
            max={MAX_PAST[choice.unit]}
            value={choice.n}
            clampValueOnBlur
            style={{ width: '5rem' }}
            onValueChange={(n) => Number.isInteger(n) && n >= 1 && onChange({ n: Math.min(n, MAX_PAST[choice.unit]) })}
          />
        </Field>
      )}
      <Field label={t('range.unit')} labelFor="dashboard-unit" inline>
        <HTMLSelect
          id="dashboard-unit"
          value={choice.unit}
          onChange={(event) => onChange({ unit: event.currentTarget.value as RangeUnit })}
          options={RANGE_UNITS.map((value) => ({ value, label: t(`range.units.${value}`, { count: unitCount }) }))}
        />
      </Field>
    </div>
  );
}
