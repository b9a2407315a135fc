/**
 * Alerts of an environment (spec §2.4 Dashboard with alerts, §3, §4, §6): the list with
 * an enabled switch, editing only once disabled (the server refuses otherwise), deletion after a
 * confirmation, a form for a new alert, and the history of firings and recoveries.
 */
import { useState } from 'react';
import { Button, Intent, Switch, Tag } from '@blueprintjs/core';
import { Pending } from '../../ui/pending';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage, serverCode } from '../../api/errors';
import type { Alert, AlertSettings } from '../../contract/alerts';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { confirm } from '../../ui/dialogs/dialog-service';
import { toast } from '../../ui/toasts/toast-service';
import { AlertForm } from './alert-form';
import { alertCalls, alertQueries } from './queries';
import { LoadError } from '../../ui/load-error';
import { EmptyState } from '../../ui/empty-state';
import { DataTable } from '../../ui/data-table';

type Editing = { mode: 'new' } | { mode: 'edit'; alert: Alert } | null;

export function AlertsPage() {
  const { t } = useTranslation('dashboard');
  const { language } = usePreferences();
  const envId = useParams().envId ?? '';
  const queryClient = useQueryClient();
  const query = useQuery(alertQueries.list(envId));
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: alertQueries.all() });

  /** Runs a call, refreshes the list, and says what went wrong in the user's language. */
  const act = async (call: () => Promise<unknown>): Promise<boolean> => {
    try {
      await call();
      await refresh();
      return true;
    } catch (error) {
      const code = serverCode(error);
      toast.error({ summary: code === 'alertEnabled' || code === 'alertNotFound' ? t(`alerts.errors.${code}`) : t('alerts.errors.saveFailed'), detail: errorMessage(error) });
      return false;
    }
  };
  const save = async (settings: AlertSettings) => {
    const done = await act(() => (editing?.mode === 'edit' ? alertCalls.update(envId, editing.alert.id, settings) : alertCalls.create(envId, settings)));
    if (done) {
      toast.success({ summary: t('alerts.saved') });
      setEditing(null);
    }
    return done;
  };
  const remove = async (alert: Alert) => {
    if (!(await confirm({ body: t('alerts.deleteConfirm', { name: alert.settings.name }), danger: true, confirmLabel: t('alerts.delete') }))) return;
    await act(() => alertCalls.remove(envId, alert.id));
  };
  const describe = (s: AlertSettings) =>
    s.kind === 'timeout'
      ? t('alerts.describeTimeout', { minutes: s.timeoutMinutes })
      : t('alerts.describeVolume', { count: s.threshold, direction: t(`alerts.directions.${s.direction}`), threshold: s.threshold, interval: t(`alerts.intervals.${s.interval}`) });

  if (query.isPending) return <Pending queries={[query]} aria-label={t('loading')} size={30} />;
  if (query.error) {
    return <LoadError title={t('alerts.errors.loadFailed')} query={query} />;
  }
  const { alerts, history } = query.data;
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('alerts.title')}</h1>
      {editing === null ? (
        <Button icon="add" intent={Intent.PRIMARY} text={t('alerts.new')} onClick={() => setEditing({ mode: 'new' })} />
      ) : (
        <AlertForm key={editing.mode === 'edit' ? editing.alert.id : 'new'} initial={editing.mode === 'edit' ? editing.alert.settings : undefined} onSave={save} onCancel={() => setEditing(null)} />
      )}
      {alerts.length === 0 ? (
        <EmptyState icon="notifications" title={t('alerts.empty')} />
      ) : (
        <DataTable className="p-table" striped aria-label={t('alerts.title')}>
          <thead>
            <tr>
              <th scope="col">{t('alerts.fields.name')}</th>
              <th scope="col">{t('alerts.condition')}</th>
              <th scope="col">{t('alerts.fields.email')}</th>
              <th scope="col">{t('alerts.state')}</th>
              <th scope="col">{t('alerts.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {alerts.map((alert) => (
              <tr key={alert.id} data-testid={`alert-${alert.settings.name}`}>
                <th scope="row">{alert.settings.name}</th>
                <td>{describe(alert.settings)}</td>
                <td>{alert.settings.email}</td>
                <td>{alert.firing ? <Tag intent={Intent.DANGER}>{t('alerts.firing')}</Tag> : <Tag minimal>{t('alerts.quiet')}</Tag>}</td>
                <td className="p-alert-actions">
                  <Switch
                    inline
                    label={t('alerts.enabled')}
                    aria-label={t('alerts.enabledOf', { name: alert.settings.name })}
                    checked={alert.enabled}
                    onChange={(event) => void act(() => alertCalls.setEnabled(envId, alert.id, event.currentTarget.checked))}
                  />
                  <Button
                    icon="edit"
                    text={t('alerts.edit')}
                    disabled={alert.enabled}
                    title={alert.enabled ? t('alerts.disableToEdit') : undefined}
                    onClick={() => setEditing({ mode: 'edit', alert })}
                  />{' '}
                  <Button icon="trash" intent={Intent.DANGER} variant="minimal" text={t('alerts.delete')} onClick={() => void remove(alert)} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {alerts.some((alert) => alert.enabled) && <p className="bp6-text-muted">{t('alerts.disableToEdit')}</p>}
      <h2>{t('alerts.history')}</h2>
      {history.length === 0 ? (
        <EmptyState icon="history" title={t('alerts.noHistory')} />
      ) : (
        <DataTable className="p-table" compact striped aria-label={t('alerts.history')}>
          <thead>
            <tr>
              <th scope="col">{t('alerts.when')}</th>
              <th scope="col">{t('alerts.fields.name')}</th>
              <th scope="col">{t('alerts.event')}</th>
              <th scope="col">{t('alerts.value')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((event) => (
              <tr key={event.id}>
                <td>{formatDateTime(event.at, language)}</td>
                <th scope="row">{event.alertName}</th>
                <td>{t(`alerts.events.${event.kind}`)}</td>
                <td>{event.value}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
