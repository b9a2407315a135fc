/** The create and rename dialog of a reply template: a name, not empty, unique, changed by a rename. */
import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function TemplateNameDialog({
  title,
  confirmText,
  initial = '',
  taken,
  onClose,
  onConfirm,
}: {
  title: string;
  confirmText: string;
  initial?: string;
  taken: readonly string[];
  onClose: () => void;
  onConfirm: (name: string) => void;
}) {
  const { t } = useTranslation('replies');
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const problem =
    trimmed === ''
      ? t('list.nameEmpty')
      : initial !== '' && trimmed === initial
        ? t('list.nameUnchanged')
        : taken.some((other) => other.toLowerCase() === trimmed.toLowerCase())
          ? t('errors.templateNameTaken', { name: trimmed })
          : null;
  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem) onConfirm(trimmed);
        }}
      >
        <DialogBody>
          <FormGroup label={t('list.name')} labelFor="template-name" intent={touched && problem ? Intent.DANGER : Intent.NONE} helperText={touched ? problem : undefined}>
            <InputGroup id="template-name" autoFocus value={name} maxLength={100} onChange={(event) => setName(event.currentTarget.value)} />
          </FormGroup>
        </DialogBody>
        <DialogFooter actions={[<Button key="cancel" text={t('actions.cancel')} onClick={onClose} />, <Button key="ok" type="submit" intent={Intent.PRIMARY} text={confirmText} />]} />
      </form>
    </Dialog>
  );
}
