/**
 * The edit dialog of a list's item: its AutoForm fields, save, and the unsaved-changes question when
 * the dialog is closed or the page left with changes. `draft === null` means closed.
 */
import { useState, type ReactNode } from 'react';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { AutoForm, type AutoField, type AutoValue } from '../../../ui/auto-form';
import { useUnsavedChanges } from '../../../ui/unsaved-changes';
import { Form } from '../../../ui/form';

export function useDraft<V>() {
  const [draft, setDraft] = useState<V | null>(null);
  const [initial, setInitial] = useState<V | null>(null);
  const open = (value: V | null) => {
    setDraft(value);
    setInitial(value);
  };
  return { draft, setDraft, open, dirty: draft !== null && JSON.stringify(draft) !== JSON.stringify(initial) };
}

export function EditDialog<V extends AutoValue>({
  id,
  title,
  draft,
  dirty,
  fields,
  errors,
  onChange,
  onSave,
  onClose,
  children,
  readOnly = false,
}: {
  id: string;
  title: string;
  draft: V | null;
  dirty: boolean;
  fields: readonly AutoField<Extract<keyof V, string>>[];
  errors?: Partial<Record<string, string>>;
  onChange: (value: V) => void;
  /** Resolves true when saved (the caller closes the dialog then). */
  onSave: () => Promise<boolean>;
  onClose: () => void;
  children?: ReactNode;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('nlu');
  const [saving, setSaving] = useState(false);
  const unsaved = useUnsavedChanges({ when: dirty, onSave });
  const save = async () => {
    setSaving(true);
    try {
      return await onSave();
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      {unsaved.dialog}
      <Dialog isOpen={draft !== null} onClose={() => unsaved.requestLeave(onClose)} title={title}>
        {draft && (
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <DialogBody>
              <AutoForm id={id} fields={readOnly ? fields.map((field) => ({ ...field, disabled: true })) : fields} value={draft} onChange={onChange} errors={errors} />
              {children}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('actions.cancel')} onClick={() => unsaved.requestLeave(onClose)} />
                  {!readOnly && <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} loading={saving} />}
                </>
              }
            />
          </Form>
        )}
      </Dialog>
    </>
  );
}
