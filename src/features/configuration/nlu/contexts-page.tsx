/**
 * Contexts list (§2.4): languages, linked servers, interaction count and the §8 "no server linked"
 * warning; create, rename (with languages and neutralizers) and delete, confirmed (deleting a context
 * deletes its interactions: ROLE_RIGHT_CONTEXT_DELETE, the configurator profile).
 */
import { useQuery } from '@tanstack/react-query';
import { Button, ButtonGroup, Callout, Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { NLU_LANGUAGES } from '../../../contract/environments';
import { contextEndpoints, contextInputSchema, type NluContext } from '../../../contract/nlu';
import type { AutoField } from '../../../ui/auto-form';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { EditDialog, useDraft } from './edit-dialog';
import { NluPage, useNluEnv } from './nlu-page';
import { nluQueries } from './queries';
import { useNluDialogSave, useNluRemove } from './nlu-item-actions';
import { EnvSaveToToolbox } from '../shared/save-to-toolbox';
import { languageName } from '../../../i18n/language-names';
import type { Language } from '../../../storage/preferences';
import { DataTable } from '../../../ui/data-table';

interface ContextDraft extends Record<string, unknown> {
  id?: string;
  name: string;
  languages: string[];
  neutralizers: string[];
}

export function ContextsPage() {
  const { t, i18n } = useTranslation(['nlu', 'routes']);
  const { envId, canEdit } = useNluEnv();
  const list = useQuery(nluQueries.contexts(envId));
  const archetypes = useQuery(nluQueries.archetypes(envId));
  const { draft, setDraft, open, dirty } = useDraft<ContextDraft>();
  const { issues, save: saveItem } = useNluDialogSave(envId, () => open(null));
  const contexts = list.data ?? [];

  const save = async (): Promise<boolean> =>
    draft !== null &&
    saveItem(contextInputSchema.safeParse(draft), (path) => t(path[0] === 'languages' ? 'contexts.languagesRequired' : 'fields.invalidName'), !draft.id, (body) =>
      draft.id ? request(contextEndpoints.update, { params: { envId, contextId: draft.id }, body }) : request(contextEndpoints.create, { params: { envId }, body }),
    );
  const removeItem = useNluRemove(envId);
  const remove = (context: NluContext) => removeItem(tr('nlu:contexts.deleteConfirm', { name: context.name, count: context.interactionCount }), () => request(contextEndpoints.remove, { params: { envId, contextId: context.id } }));

  const fields: AutoField<'name' | 'languages' | 'neutralizers'>[] = [
    { name: 'name', kind: 'text', label: t('fields.name'), required: true },
    { name: 'languages', kind: 'checklist', label: t('fields.languages'), options: NLU_LANGUAGES.map((code) => ({ value: code, label: languageName(code, i18n.language as Language) })) },
    {
      name: 'neutralizers',
      kind: 'checklist',
      label: t('contexts.neutralizers'),
      help: t('contexts.neutralizersHelp'),
      options: (archetypes.data ?? []).map((archetype) => ({ value: archetype.name, label: archetype.name })),
    },
  ];
  const duplicate = draft !== null && contexts.some((context) => context.id !== draft.id && context.name.trim().toLowerCase() === draft.name.trim().toLowerCase());

  return (
    <NluPage title={t('routes:nluContexts')} actions={canEdit && <Button icon="add" intent={Intent.PRIMARY} text={t('contexts.add')} onClick={() => open({ name: '', languages: ['fr'], neutralizers: [] })} />}>
      <ListState query={list} isEmpty={contexts.length === 0} emptyText={t('contexts.empty')} errorText={t('contexts.error')}>
        <DataTable className="p-table" striped>
          <thead>
            <tr>
              <th>{t('fields.name')}</th>
              <th>{t('fields.languages')}</th>
              <th>{t('contexts.servers')}</th>
              <th>{t('contexts.interactions')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {contexts.map((context) => (
              <tr key={context.id} data-context={context.name}>
                <td>{context.name}</td>
                <td>
                  {context.languages.map((code) => (
                    <Tag key={code} minimal style={{ marginRight: 4 }}>
                      {languageName(code, i18n.language as Language)}
                    </Tag>
                  ))}
                </td>
                <td>
                  {context.servers.length > 0 ? (
                    context.servers.join(', ')
                  ) : (
                    <span className="bp6-text-muted" data-testid="no-server-linked" title={t('errors.noServerLinked')}>
                      <Icon icon="warning-sign" intent={Intent.WARNING} /> {t('errors.noServerLinked')}
                    </span>
                  )}
                </td>
                <td>{context.interactionCount}</td>
                <td>
                  {canEdit && (
                    <ButtonGroup variant="minimal">
                      <Button icon="edit" aria-label={t('actions.edit', { name: context.name })} onClick={() => open({ id: context.id, name: context.name, languages: context.languages, neutralizers: context.neutralizers })} />
                      <Button icon="trash" intent={Intent.DANGER} aria-label={t('actions.delete', { name: context.name })} onClick={() => void remove(context)} />
                    </ButtonGroup>
                  )}
                  <EnvSaveToToolbox type="context" name={context.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
      <EditDialog
        id="context"
        title={draft?.id ? t('contexts.edit') : t('contexts.add')}
        draft={draft}
        dirty={dirty}
        fields={fields}
        errors={issues}
        onChange={setDraft}
        onSave={save}
        onClose={() => open(null)}
      >
        {duplicate && (
          <Callout intent={Intent.WARNING} compact>
            {t('fields.duplicateName', { name: draft!.name })}
          </Callout>
        )}
      </EditDialog>
    </NluPage>
  );
}
