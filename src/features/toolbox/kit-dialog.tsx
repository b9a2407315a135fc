/** Create a kit: name and description (notes), described as AutoForm fields. */
import { useState } from 'react';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { Dialog } from '../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { AutoForm, type AutoField } from '../../ui/auto-form';
import { Form } from '../../ui/form';

export interface KitFormValue extends Record<string, unknown> {
  name: string;
  notes: string;
}

export function kitFields(t: (key: string) => string): AutoField<'name' | 'notes'>[] {
  return [
    { name: 'name', kind: 'text', label: t('fields.name'), required: true },
    { name: 'notes', kind: 'textarea', label: t('fields.notes') },
  ];
}

export function KitDialog({ onSave, onClose }: { onSave: (value: KitFormValue) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation('toolbox');
  const [value, setValue] = useState<KitFormValue>({ name: '', notes: '' });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onSave(value);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('kits.new')}>
      <DialogBody>
        <Form
          id="kit-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <AutoForm id="kit" fields={kitFields(t as (key: string) => string)} value={value} onChange={setValue} />
        </Form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button type="submit" form="kit-form" intent={Intent.PRIMARY} text={t('actions.create')} loading={busy} disabled={value.name.trim() === ''} />
          </>
        }
      />
    </Dialog>
  );
}
