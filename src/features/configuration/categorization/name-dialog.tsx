/**
 * The add and rename dialog of a category (§5): the name cannot be empty, must be unique among the
 * module's categories of the same target, and a rename must change it. The same codes as the
 * server's messages, checked before asking it.
 */
import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { configurationMessageText } from './messages';

export function nameProblem(name: string, taken: readonly string[], previous?: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return configurationMessageText({ code: 'categoryNameEmpty', params: {} });
  if (previous !== undefined && trimmed === previous.trim()) return configurationMessageText({ code: 'categoryRenameUnchanged', params: { name: previous } });
  if (taken.some((other) => other.trim().toLowerCase() === trimmed.toLowerCase())) return configurationMessageText({ code: 'classificationNameTaken', params: { name: trimmed } });
  return null;
}

export function NameDialog({
  title,
  confirmText,
  initial = '',
  previous,
  taken,
  onClose,
  onConfirm,
}: {
  title: string;
  confirmText: string;
  initial?: string;
  /** The name before a rename (a rename must change it). */
  previous?: string;
  taken: readonly string[];
  onClose: () => void;
  onConfirm: (name: string) => void;
}) {
  const { t } = useTranslation('categorization');
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name, taken, previous);
  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem) onConfirm(name.trim());
        }}
      >
        <DialogBody>
          <FormGroup label={t('categories.name')} labelFor="category-name" intent={touched && problem ? Intent.DANGER : Intent.NONE} helperText={touched ? problem : undefined}>
            <InputGroup id="category-name" autoFocus value={name} onChange={(event) => setName(event.currentTarget.value)} />
          </FormGroup>
        </DialogBody>
        <DialogFooter actions={[<Button key="cancel" text={t('actions.cancel')} onClick={onClose} />, <Button key="ok" type="submit" intent={Intent.PRIMARY} text={confirmText} />]} />
      </form>
    </Dialog>
  );
}
