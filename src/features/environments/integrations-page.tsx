/**
 * integrations (§2.4): the environment's connectors with their state, last execution and
 * last error; create wizard, authorize / reauthorize, enable (only once authorized) and disable,
 * health check, manual run with its progress, edit (settings, custom fields, output mappings),
 * delete with confirmation (and, for an n8n instance out of reach, the choice to delete anyway).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, Callout, Intent, ProgressBar, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { checkConnector, setConnectorActive, type Connector, type ConnectorRun } from '../../contract/integrations';
import type { EnvironmentListItem } from '../../contract/environments';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { DataTable } from '../../ui/data-table';
import { ListState } from '../../ui/list-state';
import { tr, type Message } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { EnvManagementShell } from './env-management-shell';
import { startAuthorization } from './integrations/authorize';
import { ConnectorEditor } from './integrations/connector-editor';
import { ConnectorWizard } from './integrations/connector-wizard';
import { deleteWithConfirmation } from './integrations/delete-connector';
import { FailureText } from './integrations/failure-text';
import { connectorCodeText, connectorErrorText } from './integrations/messages';
import { integrationQueries } from './integrations/queries';
import { RunDialog } from './integrations/run-dialog';

export function IntegrationsPage() {
  return <EnvManagementShell page="integrations">{(env) => <Integrations key={env.id} env={env} />}</EnvManagementShell>;
}

type Open = { kind: 'wizard' } | { kind: 'run'; connector: Connector } | { kind: 'edit'; connector: Connector } | null;

const STATE_INTENT = { needsAuthorization: Intent.WARNING, authorized: Intent.SUCCESS, reauthorize: Intent.DANGER } as const;

function Integrations({ env }: { env: EnvironmentListItem }) {
  const { t } = useTranslation('integrations');
  const { language } = usePreferences();
  const queryClient = useQueryClient();
  const list = useQuery(integrationQueries.list(env.id));
  const [open, setOpen] = useState<Open>(null);
  const [health, setHealth] = useState<Record<string, { ok: boolean; text: string }>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationQueries.all() });
  const params = (connector: Connector) => ({ envId: env.id, connectorId: connector.id });

  const act = async (work: () => Promise<unknown>, success?: Message) => {
    try {
      await work();
      if (success) toast.success({ summary: success });
      await refresh();
    } catch (error) {
      toast.error({ summary: t('errors.saveFailed'), detail: connectorErrorText(t, error) });
    }
  };
  const authorize = (connector: Connector) =>
    act(async () => {
      const outcome = await startAuthorization(env.id, connector.id);
      if (outcome.kind === 'done') toast.success({ summary: t('authorized') });
    });
  const check = async (connector: Connector) => {
    try {
      const result = await request(checkConnector, { params: params(connector) });
      setHealth((h) => ({ ...h, [connector.id]: { ok: result.ok, text: result.ok ? t('healthOk') : (connectorCodeText(t, result.code, result.detail) ?? '') } }));
      await refresh();
    } catch (error) {
      setHealth((h) => ({ ...h, [connector.id]: { ok: false, text: connectorErrorText(t, error) } }));
    }
  };
  const remove = (connector: Connector) =>
    act(async () => {
      if (await deleteWithConfirmation(t, env.id, connector)) toast.success({ summary: tr('errors:generic.delete.success') });
    });
  const runs = list.data?.runs ?? [];
  // The run under way when there is one (a queued run behind it would show no progress), else the latest.
  const latest = (connector: Connector): ConnectorRun | undefined =>
    runs.find((run) => run.connectorId === connector.id && run.status === 'running') ?? runs.find((run) => run.connectorId === connector.id);

  return (
    <>
      <div className="p-toolbar">
        <Button icon="add" intent="primary" text={t('add')} onClick={() => setOpen({ kind: 'wizard' })} />
      </div>
      <ListState query={list} isEmpty={(list.data?.connectors ?? []).length === 0} emptyText={t('empty')} errorText={t('error')}>
        <DataTable className="p-table" striped label={t('title')}>
          <thead>
            <tr>
              <th>{t('columns.name')}</th>
              <th>{t('columns.type')}</th>
              <th>{t('columns.state')}</th>
              <th>{t('columns.active')}</th>
              <th>{t('columns.lastExecution')}</th>
              <th>{t('columns.lastError')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(list.data?.connectors ?? []).map((connector) => {
              const run = latest(connector);
              return (
                <tr key={connector.id} data-connector={connector.name}>
                  <td>
                    {connector.name}
                    {run && <RunProgress run={run} />}
                    {health[connector.id] && (
                      <Callout intent={health[connector.id]!.ok ? Intent.SUCCESS : Intent.DANGER} compact role="status">
                        {health[connector.id]!.text}
                      </Callout>
                    )}
                  </td>
                  <td>{t(`types.${connector.type}`)}</td>
                  <td>
                    <Tag intent={STATE_INTENT[connector.state]} minimal>
                      {t(`states.${connector.state}`)}
                    </Tag>
                  </td>
                  <td>
                    <Switch
                      checked={connector.active}
                      aria-label={t('columns.active')}
                      disabled={!connector.active && connector.state !== 'authorized'}
                      onChange={(e) => void act(() => request(setConnectorActive, { params: params(connector), body: { active: e.currentTarget.checked } }))}
                    />
                  </td>
                  <td>{connector.lastExecutionAt ? formatDateTime(connector.lastExecutionAt, language) : t('never')}</td>
                  <td className="p-connector-error"><FailureText failure={connector.lastError} /></td>
                  <td>
                    <ButtonGroup variant="minimal" className="p-row-actions">
                      {connector.state !== 'authorized' && (
                        <Button icon="key" intent={Intent.PRIMARY} text={t(connector.state === 'reauthorize' ? 'actions.reauthorize' : 'actions.authorize')} onClick={() => void authorize(connector)} />
                      )}
                      <Button icon="pulse" text={t('actions.health')} onClick={() => void check(connector)} />
                      <Button icon="play" text={t('actions.run')} disabled={connector.state !== 'authorized'} onClick={() => setOpen({ kind: 'run', connector })} />
                      <Button icon="edit" text={t('actions.edit')} onClick={() => setOpen({ kind: 'edit', connector })} />
                      <Button icon="trash" intent={Intent.DANGER} aria-label={t('actions.delete')} onClick={() => void remove(connector)} />
                    </ButtonGroup>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </ListState>
      {open?.kind === 'wizard' && <ConnectorWizard envId={env.id} onClose={() => setOpen(null)} onChanged={() => void refresh()} />}
      {open?.kind === 'run' && <RunDialog envId={env.id} connector={open.connector} onClose={() => setOpen(null)} onQueued={() => void refresh()} />}
      {open?.kind === 'edit' && <ConnectorEditor envId={env.id} connector={open.connector} onClose={() => setOpen(null)} onSaved={() => void refresh()} />}
    </>
  );
}

function RunProgress({ run }: { run: ConnectorRun }) {
  const { t } = useTranslation('integrations');
  const going = run.status === 'queued' || run.status === 'running';
  return (
    <div className="p-connector-run" role="status" data-run-status={run.status}>
      <Tag minimal intent={run.status === 'error' ? Intent.DANGER : run.status === 'done' ? Intent.SUCCESS : Intent.NONE}>
        {t(`run.statuses.${run.status}`)}
      </Tag>{' '}
      {t('run.progress', { found: run.found, created: run.created, skipped: run.skipped })}
      {going && <ProgressBar intent={Intent.PRIMARY} value={run.found === 0 ? undefined : (run.created + run.skipped) / run.found} />}
      {run.error && (
        <div className="p-connector-error">
          <FailureText failure={run.error} />
        </div>
      )}
    </div>
  );
}
