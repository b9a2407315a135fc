/**
 * Servers list and settings (§2.4, §4): status (a starting server is followed until started), idle
 * stop after 5 minutes without use (§9), start and stop for configurators (ROLE_RIGHT_SERVER_START /
 * STOP), settings in the AutoForm (AI version, default language or auto, response format, labeling,
 * multiple interactions, contexts) and the access token, masked until asked for.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, Callout, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { NLU_LANGUAGES, type EnvironmentModule } from '../../../contract/environments';
import { DEFAULT_AI_VERSION, NLU_RESPONSE_FORMATS, serverEndpoints, serverInputSchema, startNluServer, stopNluServer, type NluServer } from '../../../contract/nlu';
import type { AutoField } from '../../../ui/auto-form';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { EditDialog, useDraft } from './edit-dialog';
import { nluErrorText } from './nlu-errors';
import { NluPage, useNluEnv } from './nlu-page';
import { nluQueries } from './queries';
import { useNluDialogSave, useNluRemove } from './nlu-item-actions';
import { languageName } from '../../../i18n/language-names';
import { formatTime } from '../../../i18n/dates';
import type { Language } from '../../../storage/preferences';
import { aiVersionNeeded, compatibilityMessages } from '../../../categorization/checks';
import { configurationMessageText } from '../../../ui/configuration-message-text';
import { Field } from '../../../ui/form';
import { DataTable } from '../../../ui/data-table';

/** §9: a started server nobody used for this long is stopped. */
export const IDLE_STOP_MS = 5 * 60_000;

const STATUS_INTENT: Record<NluServer['status'], Intent> = { started: Intent.SUCCESS, starting: Intent.WARNING, stopped: Intent.NONE };

interface ServerDraft extends Record<string, unknown> {
  id?: string;
  name: string;
  aiVersion: string;
  defaultLanguage: string;
  responseFormat: string;
  labeling: boolean;
  multipleInteractions: boolean;
  contexts: string[];
}

const EMPTY: ServerDraft = { name: '', aiVersion: DEFAULT_AI_VERSION, defaultLanguage: 'fr', responseFormat: 'V5', labeling: true, multipleInteractions: false, contexts: [] };

export function ServersPage() {
  const { t, i18n } = useTranslation(['nlu', 'routes']);
  const { envId, canEdit } = useNluEnv();
  const queryClient = useQueryClient();
  const list = useQuery(nluQueries.servers(envId));
  const contexts = useQuery(nluQueries.contexts(envId));
  const { draft, setDraft, open, dirty } = useDraft<ServerDraft>();
  const { issues, save: saveItem } = useNluDialogSave(envId, () => open(null));
  const [showToken, setShowToken] = useState(false);
  const [token, setToken] = useState('');
  const servers = list.data ?? [];
  // The environment's modules: a new server starts with the AI version they need, and the form says
  // at once when the server being edited would leave categorization without a compatible server (§5).
  const settings = useQuery({ ...nluQueries.modules(envId), enabled: canEdit });
  const modules = settings.data ?? [];
  const incompatible = draft ? categorizationWithout(modules, servers, draft) : [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: nluQueries.env(envId) });

  const save = async (): Promise<boolean> => {
    if (!draft) return false;
    const { id, ...input } = draft;
    return saveItem(serverInputSchema.safeParse(input), () => t('fields.invalidName'), !id, (body) =>
      id ? request(serverEndpoints.update, { params: { envId, serverId: id }, body }) : request(serverEndpoints.create, { params: { envId }, body }),
    );
  };
  const act = async (server: NluServer, action: 'start' | 'stop') => {
    try {
      await request(action === 'start' ? startNluServer : stopNluServer, { params: { envId, serverId: server.id } });
      await refresh();
    } catch (error) {
      toast.error({ summary: tr(`nlu:servers.${action}Failed`), detail: nluErrorText(error) });
    }
  };
  const removeItem = useNluRemove(envId);
  const remove = (server: NluServer) => removeItem(tr('nlu:servers.deleteConfirm', { name: server.name }), () => request(serverEndpoints.remove, { params: { envId, serverId: server.id } }));
  // Asked for when the user wants to see it, never kept in the query cache.
  const revealToken = async () => {
    if (!draft?.id) return;
    try {
      const fresh = await request(serverEndpoints.list, { params: { envId } });
      setToken(fresh.find((server) => server.id === draft.id)?.token ?? '');
      setShowToken(true);
    } catch (error) {
      toast.error({ summary: tr('nlu:servers.tokenFailed'), detail: nluErrorText(error) });
    }
  };

  const fields: AutoField<Extract<keyof ServerDraft, string>>[] = [
    { name: 'name', kind: 'text', label: t('fields.name'), required: true },
    { name: 'aiVersion', kind: 'text', label: t('servers.aiVersion'), help: t('servers.aiVersionHelp') },
    { name: 'defaultLanguage', kind: 'select', label: t('servers.defaultLanguage'), options: [{ value: 'auto', label: t('servers.auto') }, ...NLU_LANGUAGES.map((code) => ({ value: code, label: languageName(code, i18n.language as Language) }))] },
    { name: 'responseFormat', kind: 'select', label: t('servers.responseFormat'), options: NLU_RESPONSE_FORMATS.map((format) => ({ value: format, label: format })) },
    { name: 'labeling', kind: 'switch', label: t('servers.labeling') },
    { name: 'multipleInteractions', kind: 'switch', label: t('servers.multipleInteractions'), help: t('servers.multipleInteractionsHelp') },
    { name: 'contexts', kind: 'checklist', label: t('servers.contexts'), options: (contexts.data ?? []).map((context) => ({ value: context.name, label: context.name })) },
  ];

  return (
    <NluPage title={t('routes:nluServers')} actions={canEdit && <Button icon="add" intent={Intent.PRIMARY} text={t('servers.add')} loading={settings.isPending} onClick={() => open({ ...EMPTY, aiVersion: aiVersionNeeded(modules) })} />}>
      <p className="bp6-text-muted">{t('servers.idleStop', { minutes: IDLE_STOP_MS / 60_000 })}</p>
      <ListState query={list} isEmpty={servers.length === 0} emptyText={t('servers.empty')} errorText={t('servers.error')}>
        <DataTable className="p-table" striped>
          <thead>
            <tr>
              <th>{t('fields.name')}</th>
              <th>{t('servers.status')}</th>
              <th>{t('servers.aiVersion')}</th>
              <th>{t('servers.defaultLanguage')}</th>
              <th>{t('servers.contexts')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {servers.map((server) => (
              <tr key={server.id} data-server={server.name}>
                <td>{server.name}</td>
                <td>
                  <Tag intent={STATUS_INTENT[server.status]} data-testid="server-status">
                    {t(`serverStatus.${server.status}`)}
                  </Tag>
                  {server.status === 'starting' && <div className="bp6-text-muted">{t('errors.aiStarting', { server: server.name })}</div>}
                  {server.status === 'started' && server.lastUsedAt && (
                    <div className="bp6-text-muted">{t('servers.idleAt', { time: formatTime(Date.parse(server.lastUsedAt) + IDLE_STOP_MS, i18n.language as Language) })}</div>
                  )}
                </td>
                <td>{server.aiVersion}</td>
                <td>{server.defaultLanguage === 'auto' ? t('servers.auto') : server.defaultLanguage}</td>
                <td>{server.contexts.join(', ')}</td>
                <td>
                  <ButtonGroup variant="minimal">
                    {canEdit && server.status === 'stopped' && <Button icon="play" text={t('servers.start')} onClick={() => void act(server, 'start')} />}
                    {canEdit && server.status !== 'stopped' && <Button icon="stop" text={t('servers.stop')} onClick={() => void act(server, 'stop')} />}
                    <Button
                      icon={canEdit ? 'edit' : 'eye-open'}
                      aria-label={t('actions.edit', { name: server.name })}
                      onClick={() => {
                        setShowToken(false);
                        open({ id: server.id, name: server.name, aiVersion: server.aiVersion, defaultLanguage: server.defaultLanguage, responseFormat: server.responseFormat, labeling: server.labeling, multipleInteractions: server.multipleInteractions, contexts: server.contexts });
                      }}
                    />
                    {canEdit && <Button icon="trash" intent={Intent.DANGER} aria-label={t('actions.delete', { name: server.name })} onClick={() => void remove(server)} />}
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
      <EditDialog id="server" title={draft?.id ? t('servers.edit') : t('servers.add')} draft={draft} dirty={dirty} fields={fields} errors={issues} onChange={setDraft} onSave={save} onClose={() => open(null)} readOnly={!canEdit}>
        {canEdit && incompatible.length > 0 && (
          <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="server-incompatible">
            {incompatible.map((text) => (
              <div key={text}>{text}</div>
            ))}
          </Callout>
        )}
        {draft?.id && canEdit && (
          <Field label={t('servers.token')} labelFor="server-token">
            <InputGroup
              id="server-token"
              readOnly
              type={showToken ? 'text' : 'password'}
              value={showToken ? token : '••••••••••••'}
              rightElement={
                <Button
                  variant="minimal"
                  icon={showToken ? 'eye-off' : 'eye-open'}
                  aria-label={t(showToken ? 'servers.hideToken' : 'servers.showToken')}
                  onClick={() => (showToken ? setShowToken(false) : void revealToken())}
                />
              }
            />
          </Field>
        )}
      </EditDialog>
    </NluPage>
  );
}

/**
 * What the environment's active categorization modules would say of its servers once this draft is
 * saved (§5 compatibility: AI 5 or later, format V5), in the reader's language; nothing without one.
 */
function categorizationWithout(modules: readonly EnvironmentModule[], servers: readonly NluServer[], draft: ServerDraft): string[] {
  const after = [...servers.filter((server) => server.id !== draft.id), { name: draft.name, aiVersion: draft.aiVersion, responseFormat: draft.responseFormat as NluServer['responseFormat'] }];
  const categorization = modules.find((module) => module.active && module.type === 'categorization');
  return categorization === undefined ? [] : compatibilityMessages(categorization.id, after).map(configurationMessageText);
}
