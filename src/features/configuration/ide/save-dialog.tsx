/**
 * Saving the document: what it changes against the stored configuration (the versions screen's
 * comparison table, from the server's dry run), the name of the version the save creates, then the
 * save itself. A refusal (syntax, blocking message, a name already used) keeps the dialog and the text.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Callout, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { Pending } from '../../../ui/pending';
import { Dialog } from '../../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { checkConfigurationDocument, saveConfigurationDocument } from '../../../contract/configuration-document';
import type { EnvironmentVersion } from '../../../contract/versions';
import { formatDateTime } from '../../../i18n/dates';
import type { Language } from '../../../storage/preferences';
import { SettingsChangesTable } from '../../../ui/settings-changes-table';
import { ideErrorText } from './ide-errors';
import { problemText } from './problem-text';
import { Field } from '../../../ui/form';

export function SaveDialog({ envId, text, onClose, onSaved }: { envId: string; text: string; onClose: () => void; onSaved: (version: EnvironmentVersion) => void }) {
  const { t, i18n } = useTranslation('configurationIde');
  const [name, setName] = useState('');
  useEffect(() => setName(t('save.defaultName', { date: formatDateTime(new Date(), i18n.language as Language) })), [t, i18n.language]);
  const preview = useQuery({
    queryKey: ['configurationIde', envId, 'check', text] as const,
    queryFn: ({ signal }) => request(checkConfigurationDocument, { params: { envId }, body: { text }, signal }),
    gcTime: 0,
  });
  const save = useMutation({
    mutationFn: () => request(saveConfigurationDocument, { params: { envId }, body: { text, versionName: name.trim() } }),
    onSuccess: (saved) => onSaved(saved.version),
  });
  const changes = preview.data?.changes ?? [];
  // What the server would refuse: errors of the text, or of the modules it adds or changes.
  const blocking = preview.data?.blocking ?? [];
  return (
    <Dialog isOpen onClose={onClose} title={t('save.title')} style={{ width: 760 }}>
      <DialogBody>
        {preview.isPending && <Pending queries={[preview]} size={24} aria-label={t('save.comparing')} />}
        {preview.error && <Callout intent={Intent.DANGER}>{ideErrorText(preview.error)}</Callout>}
        {blocking.length > 0 && (
          <Callout intent={Intent.DANGER} data-testid="configuration-ide-blocking">
            {t('save.hasErrors', { count: blocking.length })}
            <ul>
              {blocking.map((problem, index) => (
                <li key={index}>{problemText(problem)}</li>
              ))}
            </ul>
          </Callout>
        )}
        {preview.data && changes.length === 0 && <Callout intent={Intent.PRIMARY}>{t('save.noChanges')}</Callout>}
        {changes.length > 0 && (
          <div data-testid="configuration-ide-changes">
            <p>{t('save.changes', { count: changes.length })}</p>
            <SettingsChangesTable changes={changes} />
          </div>
        )}
        <Field label={t('save.versionName')} labelFor="configuration-ide-version" helperText={t('save.versionHelp')}>
          <InputGroup id="configuration-ide-version" value={name} onValueChange={setName} maxLength={100} />
        </Field>
        {save.error && (
          <Callout intent={Intent.DANGER} data-testid="configuration-ide-save-error">
            {ideErrorText(save.error)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('save.cancel')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t('save.confirm')}
              loading={save.isPending}
              disabled={name.trim() === '' || !preview.data || changes.length === 0 || blocking.length > 0}
              onClick={() => save.mutate()}
            />
          </>
        }
      />
    </Dialog>
  );
}
