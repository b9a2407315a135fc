/**
 * Interaction functions list and editor (§3): kind, string value, parameter name, interaction to find,
 * parameter to find, parameter baseline, with the definition of each kind shown beside the form.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, ButtonGroup, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { functionEndpoints, interactionFunctionInputSchema, type NluInteractionFunction } from '../../../contract/nlu';
import { INTERACTION_FUNCTION_KINDS, type InteractionFunctionKind } from '../../../nlu/types';
import type { AutoField } from '../../../ui/auto-form';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { EditDialog, useDraft } from './edit-dialog';
import { NluPage, useNluEnv } from './nlu-page';
import { nluQueries } from './queries';
import { useNluDialogSave, useNluRemove } from './nlu-item-actions';
import { EnvSaveToToolbox } from '../shared/save-to-toolbox';
import { DataTable } from '../../../ui/data-table';

type TextField = 'stringValue' | 'parameterName' | 'interactionToFind' | 'parameterToFind' | 'parameterBaseline';
const TEXT_FIELDS: TextField[] = ['stringValue', 'parameterName', 'interactionToFind', 'parameterToFind', 'parameterBaseline'];

interface FunctionDraft extends Record<string, unknown> {
  id?: string;
  name: string;
  enabled: boolean;
  kind: InteractionFunctionKind;
  stringValue: string;
  parameterName: string;
  interactionToFind: string;
  parameterToFind: string;
  parameterBaseline: string;
}

const draftOf = (fn: NluInteractionFunction): FunctionDraft => ({
  id: fn.id,
  name: fn.name,
  enabled: fn.enabled,
  kind: fn.kind,
  ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, fn[field] ?? ''])) as Record<TextField, string>),
});
const EMPTY: FunctionDraft = { name: '', enabled: true, kind: 'interactionAfter', stringValue: '', parameterName: '', interactionToFind: '', parameterToFind: '', parameterBaseline: '' };

/** Empty text fields are "not set" (null) in the contract. */
export function toFunctionInput(draft: FunctionDraft) {
  return { name: draft.name, enabled: draft.enabled, kind: draft.kind, ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, draft[field].trim() === '' ? null : draft[field].trim()])) };
}

export function FunctionsPage() {
  const { t } = useTranslation(['nlu', 'routes']);
  const { envId, canEdit } = useNluEnv();
  const list = useQuery(nluQueries.functions(envId));
  const { draft, setDraft, open, dirty } = useDraft<FunctionDraft>();
  const { issues, save: saveItem } = useNluDialogSave(envId, () => open(null));
  const functions = list.data ?? [];

  const save = async (): Promise<boolean> =>
    draft !== null &&
    saveItem(interactionFunctionInputSchema.safeParse(toFunctionInput(draft)), () => t('fields.invalidName'), !draft.id, (body) =>
      draft.id ? request(functionEndpoints.update, { params: { envId, functionId: draft.id }, body }) : request(functionEndpoints.create, { params: { envId }, body }),
    );
  const removeItem = useNluRemove(envId);
  const remove = (fn: NluInteractionFunction) => removeItem(tr('nlu:functions.deleteConfirm', { name: fn.name }), () => request(functionEndpoints.remove, { params: { envId, functionId: fn.id } }));

  const fields: AutoField<Extract<keyof FunctionDraft, string>>[] = [
    { name: 'name', kind: 'text', label: t('fields.name'), required: true },
    { name: 'enabled', kind: 'switch', label: t('interactions.enabled') },
    { name: 'kind', kind: 'select', label: t('functions.kind'), options: INTERACTION_FUNCTION_KINDS.map((kind) => ({ value: kind, label: t(`functions.kinds.${kind}.label`) })) },
    ...TEXT_FIELDS.map((field) => ({ name: field, kind: 'text' as const, label: t(`functions.fields.${field}.label`), help: t(`functions.fields.${field}.help`) })),
  ];

  return (
    <NluPage title={t('routes:nluFunctions')} actions={canEdit && <Button icon="add" intent={Intent.PRIMARY} text={t('functions.add')} onClick={() => open(EMPTY)} />}>
      <ListState query={list} isEmpty={functions.length === 0} emptyText={t('functions.empty')} errorText={t('functions.error')}>
        <DataTable className="p-table" striped>
          <thead>
            <tr>
              <th>{t('fields.name')}</th>
              <th>{t('functions.kind')}</th>
              <th>{t('interactions.enabled')}</th>
              <th>{t('functions.settings')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {functions.map((fn) => (
              <tr key={fn.id} data-function={fn.name}>
                <td>{fn.name}</td>
                <td>{t(`functions.kinds.${fn.kind}.label`)}</td>
                <td>{fn.enabled ? t('result.yes') : t('result.no')}</td>
                <td>
                  {TEXT_FIELDS.filter((field) => fn[field]).map((field) => (
                    <div key={field}>
                      {t(`functions.fields.${field}.label`)}: <code>{fn[field]}</code>
                    </div>
                  ))}
                </td>
                <td>
                  <ButtonGroup variant="minimal">
                    <Button icon={canEdit ? 'edit' : 'eye-open'} aria-label={t('actions.edit', { name: fn.name })} onClick={() => open(draftOf(fn))} />
                    {canEdit && <Button icon="trash" intent={Intent.DANGER} aria-label={t('actions.delete', { name: fn.name })} onClick={() => void remove(fn)} />}
                  </ButtonGroup>
                  <EnvSaveToToolbox type="interaction_function" name={fn.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
      <FunctionDefinitions />
      <EditDialog id="function" title={draft?.id ? t('functions.edit') : t('functions.add')} draft={draft} dirty={dirty} fields={fields} errors={issues} onChange={setDraft} onSave={save} onClose={() => open(null)} readOnly={!canEdit}>
        {draft && (
          <Callout intent={Intent.PRIMARY} compact data-testid="function-definition">
            {t(`functions.kinds.${draft.kind}.definition`)}
          </Callout>
        )}
      </EditDialog>
    </NluPage>
  );
}

function FunctionDefinitions() {
  const { t } = useTranslation('nlu');
  return (
    <Callout style={{ marginTop: '1rem' }}>
      <h2 className="p-card-heading">{t('functions.definitions')}</h2>
      <dl>
        {INTERACTION_FUNCTION_KINDS.map((kind) => (
          <div key={kind}>
            <dt>
              <strong>{t(`functions.kinds.${kind}.label`)}</strong>
            </dt>
            <dd>{t(`functions.kinds.${kind}.definition`)}</dd>
          </div>
        ))}
      </dl>
      <p>{t('functions.fieldsIntro')}</p>
    </Callout>
  );
}
