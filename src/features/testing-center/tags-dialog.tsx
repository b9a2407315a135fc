/** Adds and removes tags on the selected messages; tags are typed (Enter or comma) or picked from the bank's. */
import { useState } from 'react';
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../../ui/dialog';
import { TagInput } from '../../ui/tag-input';
import { useTranslation } from 'react-i18next';
import { MAX_TAGS } from '../../contract/testing-center';
import { Field, Form } from '../../ui/form';

export function TagsDialog({
  count,
  knownTags,
  onClose,
  onApply,
}: {
  count: number;
  knownTags: readonly string[];
  onClose: () => void;
  onApply: (add: string[], remove: string[]) => Promise<boolean>;
}) {
  const { t } = useTranslation('testingCenter');
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const clean = (values: readonly unknown[]) => [...new Set(values.map((value) => String(value).trim()).filter((value) => value !== '' && value.length <= 50))].slice(0, MAX_TAGS);
  const apply = async () => {
    setBusy(true);
    const done = await onApply(add, remove);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('tags.title', { count })}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <DialogBody>
          <Field label={t('tags.add')} labelFor="tags-add" helperText={t('tags.help')}>
            <TagInput inputProps={{ id: 'tags-add' }} values={add} onChange={(values) => setAdd(clean(values))} addOnBlur separator={/[,\n]/} />
          </Field>
          <Field label={t('tags.remove')} labelFor="tags-remove">
            <TagInput inputProps={{ id: 'tags-remove' }} values={remove} onChange={(values) => setRemove(clean(values))} addOnBlur separator={/[,\n]/} />
          </Field>
          {knownTags.length > 0 && (
            <p className="bp6-text-muted">
              {t('tags.known')}{' '}
              {knownTags.slice(0, 30).map((tag) => (
                <Button key={tag} small minimal text={tag} onClick={() => setAdd((current) => clean([...current, tag]))} />
              ))}
            </p>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" loading={busy} disabled={add.length === 0 && remove.length === 0} text={t('tags.apply')} />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
