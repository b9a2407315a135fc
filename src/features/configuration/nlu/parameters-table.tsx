/** The parameters of an interaction: position, name, archetype (builtins included), optional, multiple, reset conversation. */
import { Button, Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { NumericInput } from '../../../ui/numeric-input';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { interactionParameterSchema } from '../../../contract/nlu';
import { DataTable } from '../../../ui/data-table';

export type ParameterDraft = z.input<typeof interactionParameterSchema> & { optional: boolean; multiple: boolean; resetConversation: boolean };

export function ParametersTable({
  parameters,
  archetypes,
  builtins,
  onChange,
  readOnly,
}: {
  parameters: ParameterDraft[];
  archetypes: readonly string[];
  builtins: readonly string[];
  onChange: (parameters: ParameterDraft[]) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('nlu');
  const set = (index: number, patch: Partial<ParameterDraft>) => onChange(parameters.map((parameter, at) => (at === index ? { ...parameter, ...patch } : parameter)));
  const options = [
    { value: '', label: t('parameters.chooseArchetype') },
    ...archetypes.map((name) => ({ value: name, label: name })),
    ...builtins.map((name) => ({ value: name, label: t('parameters.builtin', { name }) })),
  ];
  return (
    <>
      <DataTable className="p-table" compact data-testid="parameters-table">
        <thead>
          <tr>
            <th>{t('parameters.position')}</th>
            <th>{t('fields.name')}</th>
            <th>{t('parameters.archetype')}</th>
            <th>{t('parameters.optional')}</th>
            <th>{t('parameters.multiple')}</th>
            <th>{t('parameters.resetConversation')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter, index) => (
            <tr key={index}>
              <td>
                <NumericInput aria-label={t('parameters.position')} min={0} value={parameter.position} disabled={readOnly} onValueChange={(position) => set(index, { position: Number.isNaN(position) ? 0 : position })} style={{ width: '4rem' }} />
              </td>
              <td>
                <InputGroup aria-label={t('parameters.nameOf', { index: index + 1 })} value={parameter.name} disabled={readOnly} onValueChange={(name) => set(index, { name })} />
              </td>
              <td>
                <HTMLSelect aria-label={t('parameters.archetypeOf', { index: index + 1 })} value={parameter.archetype} disabled={readOnly} options={options} onChange={(e) => set(index, { archetype: e.currentTarget.value })} />
              </td>
              <td>
                <Checkbox aria-label={t('parameters.optional')} checked={parameter.optional} disabled={readOnly} onChange={(e) => set(index, { optional: e.currentTarget.checked })} />
              </td>
              <td>
                <Checkbox aria-label={t('parameters.multiple')} checked={parameter.multiple} disabled={readOnly} onChange={(e) => set(index, { multiple: e.currentTarget.checked })} />
              </td>
              <td>
                <Checkbox aria-label={t('parameters.resetConversation')} checked={parameter.resetConversation} disabled={readOnly} onChange={(e) => set(index, { resetConversation: e.currentTarget.checked })} />
              </td>
              <td>{!readOnly && <Button icon="trash" variant="minimal" aria-label={t('parameters.remove', { name: parameter.name })} onClick={() => onChange(parameters.filter((_, at) => at !== index))} />}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {!readOnly && (
        <Button
          icon="add"
          text={t('parameters.add')}
          onClick={() => onChange([...parameters, { name: '', position: parameters.length, archetype: '', optional: false, multiple: false, resetConversation: false }])}
        />
      )}
    </>
  );
}
