/** The dialog in which a support agent names the user (and environment) to act as (ghosting.tsx). */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Callout, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/dialog';
import { errorMessage } from '../api/errors';
import { Field, Form } from '../ui/form';
import { GhostingRefused, startGhosting } from './ghosting';
import { paths } from './paths';

export function GhostDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [userId, setUserId] = useState('');
  const [environmentId, setEnvironmentId] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = userId.trim();
    if (!target) return;
    setBusy(true);
    setError(undefined);
    const environment = environmentId.trim();
    try {
      const opened = await startGhosting(target, environment || undefined);
      onClose();
      await navigate(opened ? paths.environment(opened.projectId, opened.id) : paths.index(), { replace: true });
    } catch (failure) {
      const message = errorMessage(failure);
      setError(
        failure instanceof GhostingRefused && failure.step === 'environment'
          ? t('ghosting.environmentRefused', { userId: target, environment, message })
          : t('ghosting.refused', { userId: target, message }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('ghosting.dialogTitle')} icon="eye-open">
      <Form onSubmit={submit}>
        <DialogBody>
          <p>{t('ghosting.dialogIntro')}</p>
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
          <Field label={t('ghosting.userId')} labelFor="ghost-user-id" helperText={t('ghosting.userIdHelp')}>
            <InputGroup id="ghost-user-id" autoFocus value={userId} onValueChange={setUserId} />
          </Field>
          <Field label={t('ghosting.environment')} labelFor="ghost-environment" helperText={t('ghosting.environmentHelp')}>
            <InputGroup id="ghost-environment" value={environmentId} onValueChange={setEnvironmentId} />
          </Field>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('ghosting.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" loading={busy} disabled={!userId.trim()} text={t('ghosting.confirm')} />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
