/** The interactions an NLU result found: complete or not, missing parameters, values per parameter. */
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { NluInteractionResult } from '../contract/modules/nlu';
import { DataTable } from './data-table';

export function NluInteractionsTable({ interactions }: { interactions: readonly NluInteractionResult[] }) {
  const { t } = useTranslation('nlu');
  if (interactions.length === 0) return <p className="bp6-text-muted">{t('result.noInteraction')}</p>;
  return (
    <DataTable className="p-table" compact striped data-testid="nlu-interactions">
      <thead>
        <tr>
          <th>{t('result.interaction')}</th>
          <th>{t('result.context')}</th>
          <th>{t('result.complete')}</th>
          <th>{t('result.missing')}</th>
          <th>{t('result.parameters')}</th>
        </tr>
      </thead>
      <tbody>
        {interactions.map((interaction) => (
          <tr key={`${interaction.context}/${interaction.id}`} data-interaction={interaction.id}>
            <td>{interaction.id}</td>
            <td>{interaction.context}</td>
            <td>
              <Tag intent={interaction.complete ? Intent.SUCCESS : Intent.WARNING} minimal>
                {interaction.complete ? t('result.yes') : t('result.no')}
              </Tag>
            </td>
            <td>{interaction.missing.join(', ')}</td>
            <td>
              {Object.entries(interaction.parameters).map(([name, values]) => (
                <div key={name}>
                  <strong>{name}</strong>: {values.map((value) => (value.value === value.text ? value.text : `${value.text} → ${value.value}`)).join(', ')}
                </div>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
