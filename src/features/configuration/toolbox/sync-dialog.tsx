/**
 * Sync (or update) a kit into the environment (§4): the preview lists what will be created,
 * updated or left alone; each conflict (an entity of the same name changed in the environment) needs
 * a choice — the kit's version or the environment's — before the sync is applied, in one transaction.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, DialogBody, DialogFooter, Intent, Radio, RadioGroup, Tag } from '@blueprintjs/core';
import { Pending } from '../../../ui/pending';
import { Dialog } from '../../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { toolboxQueries } from '../../../api/toolbox-query';
import { syncKit, type SyncItem } from '../../../contract/toolbox-sync';
import { toolboxErrorText } from '../../../ui/toolbox-errors';
import { DataTable } from '../../../ui/data-table';

const ACTION_INTENT: Record<SyncItem['action'], Intent> = { create: Intent.SUCCESS, update: Intent.PRIMARY, unchanged: Intent.NONE, conflict: Intent.WARNING };

export function SyncDialog({ envId, kitId, onDone, onClose }: { envId: string; kitId: string; onDone: () => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation('toolbox');
  const preview = useQuery(toolboxQueries.preview(envId, kitId));
  const [choices, setChoices] = useState<Record<string, 'kit' | 'environment'>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const items = preview.data?.items ?? [];
  const conflicts = items.filter((item) => item.action === 'conflict');
  const unresolved = conflicts.some((item) => choices[item.componentId] === undefined);

  const apply = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await request(syncKit, { params: { envId, kitId }, body: { resolutions: choices } });
      await onDone();
    } catch (error) {
      setFailure(toolboxErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={preview.data ? t('sync.title', { name: preview.data.kit.name }) : t('sync.titleLoading')} style={{ width: 720 }}>
      <DialogBody>
        {preview.isPending && <Pending queries={[preview]} aria-label={t('sync.loading')} />}
        {preview.isError && <Callout intent={Intent.DANGER}>{toolboxErrorText(preview.error)}</Callout>}
        {preview.data && (
          <>
            <p>{preview.data.syncedRevision === null ? t('sync.first', { revision: preview.data.kit.revision }) : t('sync.update', { from: preview.data.syncedRevision, to: preview.data.kit.revision })}</p>
            {items.length === 0 ? (
              <p className="bp6-text-muted">{t('sync.nothing')}</p>
            ) : (
              <DataTable className="p-table" compact striped aria-label={t('sync.preview')}>
                <thead>
                  <tr>
                    <th>{t('component.type')}</th>
                    <th>{t('fields.name')}</th>
                    <th>{t('sync.action')}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.componentId} data-sync-item={item.name}>
                      <td>{t(`types.${item.type}`)}</td>
                      <td>{item.name}</td>
                      <td>
                        <Tag minimal intent={ACTION_INTENT[item.action]}>{t(`sync.actions.${item.action}`)}</Tag>
                        {item.action === 'conflict' && (
                          <RadioGroup inline selectedValue={choices[item.componentId]} onChange={(event) => setChoices({ ...choices, [item.componentId]: event.currentTarget.value as 'kit' | 'environment' })}>
                            <Radio value="kit" label={t('sync.useKit')} />
                            <Radio value="environment" label={t('sync.keepEnvironment')} />
                          </RadioGroup>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
            {conflicts.length > 0 && <Callout intent={Intent.WARNING} style={{ marginTop: '1rem' }}>{t('sync.conflicts', { count: conflicts.length })}</Callout>}
            {failure && <Callout intent={Intent.DANGER} style={{ marginTop: '1rem' }}>{failure}</Callout>}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t('sync.apply')} loading={busy} disabled={!preview.data || unresolved} onClick={() => void apply()} />
          </>
        }
      />
    </Dialog>
  );
}
