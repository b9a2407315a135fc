/**
 * Interaction editor (§2.4): context, name, comment, enabled, ordered, distance (-1 = no limit, which
 * needs AI version 4.12 on every server linked to the context: §5), functions (AutoForm), and the
 * parameters table. Server-side configuration errors are shown after a save.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, H2, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { INTERACTION_DEFAULT_DISTANCE, interactionEndpoints, interactionInputSchema, type NluInteraction } from '../../../contract/nlu';
import { NEW_ITEM, paths } from '../../../app/paths';
import { AutoForm, fieldErrors, type AutoField } from '../../../ui/auto-form';
import { ShowInGraphLink } from '../../../ui/show-in-graph-link';
import { entityKey } from '../../../configuration-problems';
import { ListState } from '../../../ui/list-state';
import { MissingItemError } from '../../../ui/missing-item';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { serversRefusingNoLimit } from './ai-version';
import { BUILTIN_ARCHETYPES } from './engine';
import { configErrorText } from './nlu-errors';
import { NluPage, useNluEnv } from './nlu-page';
import { ParametersTable, type ParameterDraft } from './parameters-table';
import { nluQueries } from './queries';
import { useNluItemSave } from './nlu-item-actions';
import { EnvSaveToToolbox } from '../shared/save-to-toolbox';
import { Form } from '../../../ui/form';

interface Draft extends Record<string, unknown> {
  contextId: string;
  name: string;
  comment: string;
  enabled: boolean;
  ordered: boolean;
  distance: number;
  functions: string[];
  parameters: ParameterDraft[];
}

export function InteractionEditorPage() {
  const { t } = useTranslation(['nlu', 'routes', 'common']);
  const { envId, projectId } = useNluEnv();
  const { interactionId = NEW_ITEM } = useParams();
  const list = useQuery(nluQueries.interactions(envId));
  const contexts = useQuery(nluQueries.contexts(envId));
  const existing = list.data?.find((interaction) => interaction.id === interactionId);
  const missing = interactionId !== NEW_ITEM && list.data !== undefined && existing === undefined;
  return (
    <NluPage
      title={existing?.name ?? (missing ? t('common:missing.crumb.item') : t('interactions.new'))}
      parent={{ text: t('routes:nluInteractions'), to: paths.nlu(projectId, envId, 'interactions') }}
      actions={
        existing && (
          <>
            <ShowInGraphLink projectId={projectId} envId={envId} node={entityKey({ kind: 'interaction', id: existing.id, name: existing.name, context: existing.context })} />
            <EnvSaveToToolbox type="interaction" name={existing.name} context={existing.context} />
          </>
        )
      }
    >
      <ListState
        isPending={list.isPending || contexts.isPending}
        waitingOn={[list, contexts]}
        error={list.error ?? contexts.error ?? (missing ? new MissingItemError(t('interactions.notFound')) : null)}
        missing={{ text: t('common:missing.text.interaction'), back: { to: paths.nlu(projectId, envId, 'interactions'), text: t('common:missing.back.interactions') } }}
        isEmpty={(contexts.data ?? []).length === 0}
        emptyText={t('interactions.noContext')}
        errorText={t('interactions.error')}
        onRetry={() => void list.refetch()}
      >
        <InteractionEditor key={existing?.id ?? NEW_ITEM} existing={existing} all={list.data ?? []} />
      </ListState>
    </NluPage>
  );
}

function InteractionEditor({ existing, all }: { existing: NluInteraction | undefined; all: readonly NluInteraction[] }) {
  const { t } = useTranslation('nlu');
  const { envId, projectId, canEdit } = useNluEnv();
  const contexts = useQuery(nluQueries.contexts(envId)).data ?? [];
  const archetypes = useQuery(nluQueries.archetypes(envId)).data ?? [];
  const functions = useQuery(nluQueries.functions(envId)).data ?? [];
  const servers = useQuery(nluQueries.servers(envId)).data ?? [];
  const initial: Draft = existing
    ? { ...existing, parameters: existing.parameters }
    : { contextId: contexts[0]?.id ?? '', name: '', comment: '', enabled: true, ordered: false, distance: INTERACTION_DEFAULT_DISTANCE, functions: [], parameters: [] };
  const [saved, setSaved] = useState<Draft>(initial);
  const [draft, setDraft] = useState<Draft>(initial);
  const dirty = JSON.stringify(pick(draft)) !== JSON.stringify(pick(saved));
  const contextName = contexts.find((context) => context.id === draft.contextId)?.name ?? '';
  const refusing = draft.distance === -1 ? serversRefusingNoLimit(servers, contextName) : [];
  const duplicate = all.some((item) => item.id !== existing?.id && item.contextId === draft.contextId && item.name.trim().toLowerCase() === draft.name.trim().toLowerCase());

  const { save, saving, issues, serverErrors } = useNluItemSave({
    envId,
    draft,
    check: (value: Draft) => {
      const parsed = interactionInputSchema.safeParse(pick(value));
      return parsed.success
        ? { data: parsed.data }
        : { issues: fieldErrors(parsed.error.issues, (issue) => t(issue.path[0] === 'parameters' ? 'parameters.invalid' : 'fields.invalidName')) };
    },
    send: (body) =>
      existing
        ? request(interactionEndpoints.update, { params: { envId, interactionId: existing.id }, body })
        : request(interactionEndpoints.create, { params: { envId }, body }),
    onSaved: setSaved,
    createdPath: existing ? null : (id) => paths.nluInteraction(projectId, envId, id),
  });
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });

  const fields: AutoField<Extract<keyof Draft, string>>[] = [
    { name: 'contextId', kind: 'select', label: t('fields.context'), options: contexts.map((context) => ({ value: context.id, label: context.name })) },
    { name: 'name', kind: 'text', label: t('fields.name'), required: true },
    { name: 'comment', kind: 'textarea', label: t('interactions.comment') },
    { name: 'enabled', kind: 'switch', label: t('interactions.enabled') },
    { name: 'ordered', kind: 'switch', label: t('interactions.ordered'), help: t('interactions.orderedHelp') },
    { name: 'distance', kind: 'number', label: t('interactions.distance'), min: -1, max: 1000, help: t('interactions.distanceHelp') },
    { name: 'functions', kind: 'checklist', label: t('interactions.functions'), options: functions.map((fn) => ({ value: fn.name, label: fn.name })) },
  ].map((field) => ({ ...field, disabled: !canEdit }) as AutoField<Extract<keyof Draft, string>>);

  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {guard}
      <AutoForm id="interaction" fields={fields} value={draft} onChange={setDraft} errors={issues} />
      {duplicate && (
        <Callout intent={Intent.WARNING} compact>
          {t('fields.duplicateName', { name: draft.name })}
        </Callout>
      )}
      {refusing.length > 0 && (
        <Callout intent={Intent.WARNING} compact data-testid="distance-version">
          {refusing.map((server) => `${server.name}: ${configErrorText({ code: 'distanceNeedsVersion', params: { version: server.aiVersion } })}`).join(' · ')}
        </Callout>
      )}
      <H2 className="p-card-heading">{t('interactions.parameters')}</H2>
      <ParametersTable
        parameters={draft.parameters}
        archetypes={archetypes.map((archetype) => archetype.name)}
        builtins={BUILTIN_ARCHETYPES.map((builtin) => builtin.name)}
        readOnly={!canEdit}
        onChange={(parameters) => setDraft({ ...draft, parameters })}
      />
      {issues.parameters && (
        <Callout intent={Intent.DANGER} compact>
          {issues.parameters}
        </Callout>
      )}
      {serverErrors.length > 0 && (
        <Callout intent={Intent.WARNING} compact data-testid="interaction-errors">
          <ul>
            {serverErrors.map((error, index) => (
              <li key={index}>{configErrorText(error)}</li>
            ))}
          </ul>
        </Callout>
      )}
      {canEdit && (
        <div className="p-toolbar">
          <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} loading={saving} disabled={!dirty && existing !== undefined} />
        </div>
      )}
    </Form>
  );
}

/** The fields the contract takes (the list's view adds id, context name and dates). */
function pick(draft: Draft) {
  const { contextId, name, comment, enabled, ordered, distance, functions, parameters } = draft;
  return { contextId, name, comment, enabled, ordered, distance, functions, parameters };
}
