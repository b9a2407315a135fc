/** Creates a set: by tags (every message carrying one of them, now and later) or from the selected messages. */
import { useState } from 'react';
import { Button, Checkbox, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { Dialog } from '../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { Field, Form } from '../../ui/form';

export type NewSetInput = { name: string } & ({ kind: 'tags'; tags: string[] } | { kind: 'manual'; messageIds: string[] });

export function SetDialog({
  selection,
  knownTags,
  onClose,
  onCreate,
}: {
  /** Selected message ids: with some, the set is made of them; without, it is made by tags. */
  selection: readonly string[];
  knownTags: readonly string[];
  onClose: () => void;
  onCreate: (input: NewSetInput) => Promise<boolean>;
}) {
  const { t } = useTranslation('testingCenter');
  const manual = selection.length > 0;
  const [name, setName] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const valid = name.trim() !== '' && (manual || tags.length > 0);
  const create = async () => {
    if (!valid) return;
    setBusy(true);
    const done = await onCreate(manual ? { kind: 'manual', name: name.trim(), messageIds: [...selection] } : { kind: 'tags', name: name.trim(), tags });
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Dialog isOpen onClose={onClose} title={manual ? t('sets.createFromSelection', { count: selection.length }) : t('sets.createByTags')}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <DialogBody>
          <Field label={t('sets.name')} labelFor="set-name">
            <InputGroup id="set-name" autoFocus required maxLength={100} value={name} onValueChange={setName} />
          </Field>
          {!manual && (
            <Field label={t('sets.tags')} helperText={knownTags.length === 0 ? t('sets.noTags') : t('sets.tagsHelp')}>
              <div role="group" aria-label={t('sets.tags')}>
                {knownTags.map((tag) => (
                  <Checkbox
                    key={tag}
                    inline
                    label={tag}
                    checked={tags.includes(tag)}
                    onChange={(event) => {
                      // Read now: React has cleared the event's currentTarget by the time an updater runs.
                      const checked = event.currentTarget.checked;
                      setTags((current) => (checked ? [...current, tag] : current.filter((item) => item !== tag)));
                    }}
                  />
                ))}
              </div>
            </Field>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" loading={busy} disabled={!valid} text={t('sets.create')} />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
