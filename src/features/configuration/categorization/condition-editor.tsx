/** A value condition (§ criteria: exists, equals, one of, contains, greater/less than a number or a date). */
import { ControlGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { VALUE_OPERATORS, type ValueCondition, type ValueOperator } from '../../../contract/categorization';

/** The condition an operator starts with, keeping what was typed when it can. */
export function conditionFor(operator: ValueOperator, previous?: ValueCondition): ValueCondition {
  const value = previous && 'value' in previous ? previous.value : previous?.operator === 'oneOf' ? previous.values.join(', ') : '';
  switch (operator) {
    case 'exists':
      return { operator };
    case 'oneOf':
      return { operator, values: value.split(',').map((item) => item.trim()).filter(Boolean) };
    case 'greaterThan':
    case 'lessThan':
      return { operator, value, valueType: previous && 'valueType' in previous ? previous.valueType : 'number' };
    default:
      return { operator, value };
  }
}

export function ConditionEditor({ id, condition, onChange, disabled }: { id: string; condition: ValueCondition; onChange: (condition: ValueCondition) => void; disabled: boolean }) {
  const { t } = useTranslation('categorization');
  return (
    <ControlGroup>
      <HTMLSelect
        aria-label={t('builder.operator')}
        id={`${id}-operator`}
        disabled={disabled}
        value={condition.operator}
        onChange={(event) => onChange(conditionFor(event.currentTarget.value as ValueOperator, condition))}
        options={VALUE_OPERATORS.map((operator) => ({ value: operator, label: t(`operators.${operator}`) }))}
      />
      {condition.operator === 'oneOf' && (
        <InputGroup
          aria-label={t('builder.values')}
          placeholder={t('builder.valuesPlaceholder')}
          disabled={disabled}
          // Typed as a comma-separated list; kept as the contract's array.
          defaultValue={condition.values.join(', ')}
          onChange={(event) => onChange({ operator: 'oneOf', values: event.currentTarget.value.split(',').map((item) => item.trim()).filter(Boolean) })}
        />
      )}
      {'value' in condition && (
        <InputGroup aria-label={t('builder.value')} disabled={disabled} value={condition.value} onChange={(event) => onChange({ ...condition, value: event.currentTarget.value })} />
      )}
      {'valueType' in condition && (
        <HTMLSelect
          aria-label={t('builder.valueType')}
          disabled={disabled}
          value={condition.valueType}
          onChange={(event) => onChange({ ...condition, valueType: event.currentTarget.value as 'number' | 'date' })}
          options={(['number', 'date'] as const).map((type) => ({ value: type, label: t(`condition.types.${type}`) }))}
        />
      )}
    </ControlGroup>
  );
}
