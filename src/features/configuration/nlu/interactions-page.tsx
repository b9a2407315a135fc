/** Interactions list (§2.4): per context, enabled, ordered, distance and parameters; delete confirmed. */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { interactionEndpoints, type NluInteraction } from '../../../contract/nlu';
import { NEW_ITEM, paths } from '../../../app/paths';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { NluPage, useNluEnv } from './nlu-page';
import { nluQueries } from './queries';
import { useNluRemove } from './nlu-item-actions';
import { DataTable } from '../../../ui/data-table';

export function InteractionsPage() {
  const { t } = useTranslation(['nlu', 'routes']);
  const { projectId, envId, canEdit } = useNluEnv();
  const list = useQuery(nluQueries.interactions(envId));
  const contexts = useQuery(nluQueries.contexts(envId));
  const [context, setContext] = useState('');
  const shown = (list.data ?? []).filter((interaction) => context === '' || interaction.contextId === context);

  const removeItem = useNluRemove(envId);
  const remove = (interaction: NluInteraction) => removeItem(tr('nlu:interactions.deleteConfirm', { name: interaction.name }), () => request(interactionEndpoints.remove, { params: { envId, interactionId: interaction.id } }));

  return (
    <NluPage
      title={t('routes:nluInteractions')}
      actions={
        <>
          <HTMLSelect
            aria-label={t('fields.context')}
            value={context}
            onChange={(e) => setContext(e.currentTarget.value)}
            options={[{ value: '', label: t('interactions.allContexts') }, ...(contexts.data ?? []).map((item) => ({ value: item.id, label: item.name }))]}
          />
          {canEdit && (
            <Link className="bp6-button bp6-intent-primary" to={paths.nluInteraction(projectId, envId, NEW_ITEM)}>
              {t('interactions.add')}
            </Link>
          )}
        </>
      }
    >
      <ListState query={list} isEmpty={shown.length === 0} emptyText={t('interactions.empty')} errorText={t('interactions.error')}>
        <DataTable className="p-table" striped>
          <thead>
            <tr>
              <th>{t('fields.name')}</th>
              <th>{t('fields.context')}</th>
              <th>{t('interactions.enabled')}</th>
              <th>{t('interactions.ordered')}</th>
              <th>{t('interactions.distance')}</th>
              <th>{t('interactions.parameters')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {shown.map((interaction) => (
              <tr key={interaction.id} data-interaction={interaction.name}>
                <td>
                  <Link to={paths.nluInteraction(projectId, envId, interaction.id)}>{interaction.name}</Link>
                </td>
                <td>{interaction.context}</td>
                <td>{interaction.enabled ? t('result.yes') : t('result.no')}</td>
                <td>{interaction.ordered ? t('result.yes') : t('result.no')}</td>
                <td>{interaction.distance === -1 ? t('interactions.noLimit') : interaction.distance}</td>
                <td>
                  {interaction.parameters.map((parameter) => (
                    <Tag key={parameter.name} minimal style={{ marginRight: 4 }}>
                      {parameter.name}: {parameter.archetype}
                    </Tag>
                  ))}
                </td>
                <td>{canEdit && <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t('actions.delete', { name: interaction.name })} onClick={() => void remove(interaction)} />}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
    </NluPage>
  );
}
