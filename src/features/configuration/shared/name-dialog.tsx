/**
 * The add and rename dialog of a named item (a category, a reply template): one name field whose
 * problem (empty, taken, unchanged by a rename — the screen's own rule, `problemOf`) shows once the
 * user tried to confirm, and stops the confirmation.
 */
import { useState } from 'react';
import { Button, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { Field, Form } from '../../../ui/form';

export function NameDialog({
  title,
  label,
  inputId,
  confirmText,
  initial = '',
  problemOf,
  onClose,
  onConfirm,
}: {
  title: string;
  label: string;
  inputId: string;
  confirmText: string;
  initial?: string;
  problemOf: (name: string) => string | null;
  onClose: () => void;
  onConfirm: (name: string) => void;
}) {
  const { t } = useTranslation('common');
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const problem = problemOf(name);
  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <Form
        onRefused={() => setTouched(true)}
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem) onConfirm(name.trim());
        }}
      >
        <DialogBody>
          <Field label={label} labelFor={inputId} intent={touched && problem ? Intent.DANGER : Intent.NONE} helperText={touched ? problem : undefined}>
            <InputGroup id={inputId} autoFocus value={name} maxLength={100} onChange={(event) => setName(event.currentTarget.value)} />
          </Field>
        </DialogBody>
        <DialogFooter actions={[<Button key="cancel" text={t('actions.cancel')} onClick={onClose} />, <Button key="ok" type="submit" intent={Intent.PRIMARY} text={confirmText} />]} />
      </Form>
    </Dialog>
  );
}
