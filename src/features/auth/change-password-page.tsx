/** Profile › password (spec §2.4 "Profile and profile password"): the current password, then a new one. */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { changePassword } from '../../contract/passwords';
import { storageKeys, writeEntry } from '../../storage';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { isAcceptable, PasswordFields, type NewPassword } from '../../ui/password-fields';
import { passwordErrorCode } from './password-errors';
import { Field, Form } from '../../ui/form';

const EMPTY: NewPassword = { password: '', confirmation: '' };

export function ChangePasswordPage() {
  const { t } = useTranslation(['account', 'routes']);
  const [currentPassword, setCurrentPassword] = useState('');
  const [value, setValue] = useState<NewPassword>(EMPTY);
  const change = useMutation({
    mutationFn: () => request(changePassword, { body: { currentPassword, ...value } }),
    // The server ended every other session and answered a new pair for this one.
    onSuccess: async (tokens) => {
      await writeEntry(storageKeys.token, tokens.token);
      await writeEntry(storageKeys.refreshToken, tokens.refresh_token);
      toast.success({ summary: tr('account:change.done') });
      setCurrentPassword('');
      setValue(EMPTY);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (currentPassword && isAcceptable(value)) change.mutate();
  };
  const failure = change.isError ? passwordErrorCode(change.error) : undefined;
  const message =
    failure === 'wrongCurrentPassword'
      ? t('account:change.wrongCurrent')
      : failure === 'invalidPassword'
        ? t('account:reset.invalidPassword')
        : failure === 'passwordsDiffer'
          ? t('account:fields.differ')
          : failure === 'forbidden'
            ? t('account:change.ghosted')
            : t('account:reset.error');

  return (
    <section className="p-page p-form-page" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('account:change.title')}</h1>
      <Form onSubmit={submit}>
        {change.isError && (
          <Callout intent="danger" role="alert" className="p-login__error">
            {message}
          </Callout>
        )}
        <Field label={t('account:fields.currentPassword')} labelFor="current-password">
          <InputGroup
            id="current-password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onValueChange={setCurrentPassword}
          />
        </Field>
        <PasswordFields value={value} onChange={setValue} />
        <Button
          type="submit"
          intent="primary"
          loading={change.isPending}
          disabled={!currentPassword || !isAcceptable(value)}
          text={t('account:change.submit')}
        />
      </Form>
    </section>
  );
}
