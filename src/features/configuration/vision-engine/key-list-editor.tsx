/**
 * A list of keys with descriptions (the vision engine's categories, or its extraction fields):
 * add a row, edit its key and description, remove it. Keys are what the model answers and what
 * customers' programs read, so each row shows the check's message under it.
 */
import { Button, ControlGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { tr } from '../../../ui/message';
import { Field } from '../../../ui/form';

export interface KeyRow {
  key: string;
  description: string;
}

export function KeyListEditor({
  id,
  label,
  help,
  keyLabel,
  rows,
  errors,
  listError,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  keyLabel: string;
  rows: readonly KeyRow[];
  /** Messages by row index. */
  errors: Readonly<Record<number, string>>;
  listError?: string;
  disabled: boolean;
  onChange: (rows: KeyRow[]) => void;
}) {
  const { t } = useTranslation('vision');
  const replace = (index: number, row: KeyRow) => onChange(rows.map((item, i) => (i === index ? row : item)));
  // A row with a key is asked for before it goes; an empty one just added goes at once.
  const remove = async (index: number) => {
    const key = rows[index]!.key.trim();
    if (key !== '' && !(await confirm({ body: tr('vision:lists.removeConfirm', { key }), danger: true }))) return;
    onChange(rows.filter((_, i) => i !== index));
  };
  return (
    <Field label={label} helperText={listError ?? help} intent={listError ? Intent.DANGER : Intent.NONE}>
      <div role="group" aria-label={label} data-testid={`${id}-list`}>
        {rows.length === 0 && <p className="bp6-text-muted">{t('lists.empty')}</p>}
        {rows.map((row, index) => (
          <Field key={index} helperText={errors[index]} intent={errors[index] ? Intent.DANGER : Intent.NONE} data-testid={`${id}-row`}>
            <ControlGroup fill>
              <InputGroup
                aria-label={t('lists.keyOf', { label: keyLabel, index: index + 1 })}
                placeholder={keyLabel}
                value={row.key}
                disabled={disabled}
                intent={errors[index] ? Intent.DANGER : Intent.NONE}
                onValueChange={(key) => replace(index, { ...row, key })}
              />
              <InputGroup
                aria-label={t('lists.descriptionOf', { index: index + 1 })}
                placeholder={t('lists.description')}
                value={row.description}
                disabled={disabled}
                onValueChange={(description) => replace(index, { ...row, description })}
              />
              <Button icon="trash" variant="minimal" disabled={disabled} aria-label={t('lists.remove', { index: index + 1 })} onClick={() => void remove(index)} />
            </ControlGroup>
          </Field>
        ))}
        {!disabled && <Button icon="add" text={t('lists.add', { label: keyLabel })} onClick={() => onChange([...rows, { key: '', description: '' }])} />}
      </div>
    </Field>
  );
}
