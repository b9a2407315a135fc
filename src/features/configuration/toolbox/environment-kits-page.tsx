/**
 * Configuration → Toolbox: the kits the environment is synced to, at which revision, the
 * entities each brought, an update when the kit moved on; sync another kit of the organisation; remove
 * a sync keeping the entities (they become the environment's own) or deleting them (refused, with
 * the reason, while the environment's rules use one).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, H2, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/dates';
import { usePreferences } from '../../../storage/preferences';
import { request } from '../../../api/request';
import { toolboxQueries } from '../../../api/toolbox-query';
import { unsyncKit, type EnvironmentSync } from '../../../contract/toolbox-sync';
import { paths } from '../../../app/paths';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { ListState } from '../../../ui/list-state';
import { toast } from '../../../ui/toasts/toast-service';
import { toolboxErrorText } from '../../../ui/toolbox-errors';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';
import { nluQueries } from '../nlu/queries';
import { SyncDialog } from './sync-dialog';
import { Field } from '../../../ui/form';

export function EnvironmentKitsPage() {
  const { t } = useTranslation(['toolbox', 'routes']);
  const { language } = usePreferences();
  const { envId, project, canEdit } = useConfigurationEnv();
  const orgaId = project?.organisationId;
  const queryClient = useQueryClient();
  const syncs = useQuery(toolboxQueries.syncs(envId));
  const kits = useQuery({ ...toolboxQueries.kits(orgaId ?? ''), enabled: orgaId !== undefined });
  const [picked, setPicked] = useState('');
  const [syncing, setSyncing] = useState<string | null>(null);
  const synced = new Set((syncs.data ?? []).map((sync) => sync.kit.id));
  const available = (kits.data?.kits ?? []).filter((kit) => !synced.has(kit.id));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: toolboxQueries.all() });
    // Synced entities are the environment's NLU items and settings: their screens must see them.
    await queryClient.invalidateQueries({ queryKey: nluQueries.env(envId) });
  };

  const unsync = async (sync: EnvironmentSync, mode: 'keep' | 'delete') => {
    const body = mode === 'keep' ? t('unsync.keepConfirm', { name: sync.kit.name }) : t('unsync.deleteConfirm', { name: sync.kit.name, count: sync.entities.length });
    if (!(await confirm({ body, danger: mode === 'delete' }))) return;
    try {
      const answer = await request(unsyncKit, { params: { envId, kitId: sync.kit.id }, body: { mode } });
      toast.success({ summary: mode === 'keep' ? t('unsync.kept') : t('unsync.deleted', { count: answer.deleted.length }) });
      await refresh();
    } catch (error) {
      toast.error({ summary: t('unsync.failed'), detail: toolboxErrorText(error) });
    }
  };

  return (
    <ConfigurationFrame title={t('routes:environmentKits')} actions={orgaId && <Link className="bp6-button" to={`${paths.kits()}?orga=${encodeURIComponent(orgaId)}`}>{t('environment.openToolbox')}</Link>}>
      {canEdit && (
        <div className="p-toolbar" style={{ marginBottom: '1rem', alignItems: 'flex-end' }}>
          <Field label={t('environment.pick')} labelFor="sync-kit">
            <HTMLSelect id="sync-kit" value={picked} disabled={kits.isPending} onChange={(event) => setPicked(event.currentTarget.value)} options={[{ value: '', label: '—' }, ...available.map((kit) => ({ value: kit.id, label: kit.name }))]} />
          </Field>
          <Field>
            <Button icon="git-branch" intent={Intent.PRIMARY} text={t('environment.sync')} disabled={picked === ''} onClick={() => setSyncing(picked)} />
          </Field>
        </div>
      )}
      <ListState query={syncs} isEmpty={(syncs.data ?? []).length === 0} emptyText={t('environment.empty')} errorText={t('environment.error')}>
        {(syncs.data ?? []).map((sync) => (
          <Card key={sync.kit.id} style={{ marginBottom: '1rem' }} data-synced-kit={sync.kit.name}>
            <H2 className="p-card-heading">
              {sync.kit.name} <Tag minimal>{t('environment.revision', { revision: sync.syncedRevision })}</Tag>{' '}
              {sync.updateAvailable && <Tag intent={Intent.WARNING}>{t('environment.updateAvailable', { revision: sync.kit.revision })}</Tag>}
            </H2>
            <p className="bp6-text-muted">{t('environment.syncedAt', { date: formatDateTime(sync.syncedAt, language) })}</p>
            <ul>
              {sync.entities.map((entity) => (
                <li key={`${entity.type}:${entity.name}`}>
                  <Tag minimal>{t(`types.${entity.type}`)}</Tag> {entity.name}
                </li>
              ))}
            </ul>
            {canEdit && (
              <div className="p-toolbar">
                {sync.updateAvailable && <Button icon="refresh" intent={Intent.PRIMARY} text={t('environment.update')} onClick={() => setSyncing(sync.kit.id)} />}
                <Button text={t('unsync.keep')} onClick={() => void unsync(sync, 'keep')} />
                <Button intent={Intent.DANGER} text={t('unsync.delete')} onClick={() => void unsync(sync, 'delete')} />
              </div>
            )}
          </Card>
        ))}
      </ListState>
      {syncing && (
        <SyncDialog
          envId={envId}
          kitId={syncing}
          onClose={() => setSyncing(null)}
          onDone={async () => {
            setSyncing(null);
            setPicked('');
            toast.success({ summary: t('sync.done') });
            await refresh();
          }}
        />
      )}
    </ConfigurationFrame>
  );
}
