/**
 * Archetypes list (§2.4): name, languages, entry count, with delete (confirmed) for configurators;
 * the builtin archetypes listed read-only with their description; import and export of the
 * original console format.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, H2, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { archetypeEndpoints, type Archetype } from '../../../contract/nlu';
import { NEW_ITEM, paths } from '../../../app/paths';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { BUILTIN_ARCHETYPES } from './engine';
import { countEntries } from './dictionary-stats';
import { NluPage, useNluEnv } from './nlu-page';
import { NluTransferPanel } from './nlu-transfer-panel';
import { nluQueries } from './queries';
import { useNluRemove } from './nlu-item-actions';
import { languageName } from '../../../i18n/language-names';
import type { Language } from '../../../storage/preferences';
import { DataTable } from '../../../ui/data-table';

export function ArchetypesPage() {
  const { t, i18n } = useTranslation(['nlu', 'routes']);
  const { projectId, envId, canEdit } = useNluEnv();
  const list = useQuery(nluQueries.archetypes(envId));
  const language = i18n.language.startsWith('en') ? 'en' : 'fr';

  const removeItem = useNluRemove(envId);
  const remove = (archetype: Archetype) => removeItem(tr('nlu:archetypes.deleteConfirm', { name: archetype.name }), () => request(archetypeEndpoints.remove, { params: { envId, archetypeId: archetype.id } }));

  return (
    <NluPage
      title={t('routes:nluArchetypes')}
      actions={canEdit && <Link className="bp6-button bp6-intent-primary" to={paths.nluArchetype(projectId, envId, NEW_ITEM)}>{t('archetypes.add')}</Link>}
    >
      <ListState query={list} isEmpty={(list.data ?? []).length === 0} emptyText={t('archetypes.empty')} errorText={t('archetypes.error')}>
        <DataTable className="p-table" striped interactive>
          <thead>
            <tr>
              <th>{t('fields.name')}</th>
              <th>{t('fields.languages')}</th>
              <th>{t('archetypes.entries')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((archetype) => {
              const languages = Object.keys(archetype.dictionaries);
              return (
                <tr key={archetype.id} data-archetype={archetype.name}>
                  <td>
                    <Link to={paths.nluArchetype(projectId, envId, archetype.id)}>{archetype.name}</Link>
                  </td>
                  <td>
                    {languages.map((code) => (
                      <Tag key={code} minimal style={{ marginRight: 4 }}>
                        {languageName(code, i18n.language as Language)}
                      </Tag>
                    ))}
                  </td>
                  <td>{languages.reduce((sum, code) => sum + countEntries(archetype.dictionaries[code as keyof Archetype['dictionaries']]), 0)}</td>
                  <td>{canEdit && <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t('actions.delete', { name: archetype.name })} onClick={() => void remove(archetype)} />}</td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </ListState>
      <H2 className="p-card-heading" style={{ marginTop: '1.5rem' }}>{t('archetypes.builtins')}</H2>
      <DataTable className="p-table" compact data-testid="builtin-archetypes">
        <thead>
          <tr>
            <th>{t('fields.name')}</th>
            <th>{t('archetypes.description')}</th>
            <th>{t('archetypes.example')}</th>
          </tr>
        </thead>
        <tbody>
          {BUILTIN_ARCHETYPES.map((builtin) => (
            <tr key={builtin.name}>
              <td>
                <code>{builtin.name}</code>
              </td>
              <td>{builtin.description[language]}</td>
              <td>{builtin.example}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {canEdit && (
        <>
          <H2 className="p-card-heading" style={{ marginTop: '1.5rem' }}>{t('transfer.title')}</H2>
          <NluTransferPanel envId={envId} />
        </>
      )}
    </NluPage>
  );
}
