/**
 * "Save to toolbox": a small button on an environment's entity screen that copies the
 * entity, with what it refers to, into a kit of the organisation's toolbox — an existing kit or a
 * new one named here. Shared by the NLU and extraction screens (both in the configuration feature,
 * the toolbox being another feature: so it lives in ui/).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DialogBody, DialogFooter, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { Dialog } from './dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../api/request';
import { toolboxQueries } from '../api/toolbox-query';
import { createKit, type ComponentType } from '../contract/toolbox';
import { saveToToolbox } from '../contract/toolbox-sync';
import { toast } from './toasts/toast-service';
import { toolboxErrorText } from './toolbox-errors';
import { Field } from './form';

const NEW_KIT = '__new__';

export function SaveToToolboxButton({ orgaId, envId, type, name, context }: { orgaId: string | undefined; envId: string; type: ComponentType; name: string; context?: string }) {
  const { t } = useTranslation('toolbox');
  const [open, setOpen] = useState(false);
  if (orgaId === undefined || name === '') return null;
  return (
    <>
      <Button icon="cube" text={t('save.button')} onClick={() => setOpen(true)} data-testid="save-to-toolbox" />
      {open && <SaveDialog orgaId={orgaId} envId={envId} type={type} name={name} context={context} onClose={() => setOpen(false)} />}
    </>
  );
}

function SaveDialog({ orgaId, envId, type, name, context, onClose }: { orgaId: string; envId: string; type: ComponentType; name: string; context?: string; onClose: () => void }) {
  const { t } = useTranslation('toolbox');
  const queryClient = useQueryClient();
  const kits = useQuery(toolboxQueries.kits(orgaId));
  const [kitId, setKitId] = useState('');
  const [newName, setNewName] = useState('');
  const [busy, setBusy] = useState(false);
  const choices = (kits.data?.kits ?? []).filter((kit) => !kit.published);
  const chosen = kitId === '' ? (choices[0]?.id ?? NEW_KIT) : kitId;
  const valid = chosen !== NEW_KIT || newName.trim() !== '';

  const save = async () => {
    setBusy(true);
    try {
      const target = chosen === NEW_KIT ? (await request(createKit, { params: { orgaId }, body: { name: newName.trim(), notes: '', published: false, childKitIds: [] } })).id : chosen;
      const { components } = await request(saveToToolbox, { params: { envId }, body: { kitId: target, type, name, ...(context ? { context } : {}) } });
      toast.success({ summary: t('save.done', { count: components.length }) });
      await queryClient.invalidateQueries({ queryKey: toolboxQueries.organisation(orgaId) });
      onClose();
    } catch (error) {
      toast.error({ summary: t('save.failed'), detail: toolboxErrorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('save.title', { name })}>
      <DialogBody>
        <p>{t('save.explain')}</p>
        <Field label={t('save.kit')} labelFor="save-to-toolbox-kit">
          <HTMLSelect
            id="save-to-toolbox-kit"
            value={chosen}
            disabled={kits.isPending}
            onChange={(event) => setKitId(event.currentTarget.value)}
            options={[...choices.map((kit) => ({ value: kit.id, label: kit.name })), { value: NEW_KIT, label: t('save.newKit') }]}
          />
        </Field>
        {chosen === NEW_KIT && (
          <Field label={t('fields.name')} labelFor="save-to-toolbox-name">
            <InputGroup id="save-to-toolbox-name" value={newName} onValueChange={setNewName} autoFocus />
          </Field>
        )}
        {kits.isError && <p className="bp6-text-muted">{toolboxErrorText(kits.error)}</p>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t('save.confirm')} loading={busy} disabled={!valid} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
