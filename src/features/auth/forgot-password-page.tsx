/**
 * Forgotten password (spec §2.4, §7.2): asks for the address and always answers the same way, as the
 * server does, so the page never tells whether an account exists.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { forgotPasswordSend } from '../../contract/passwords';
import { paths } from '../../app/paths';
import { absolute } from './sso';
import { Field, Form } from '../../ui/form';

/** The server appends the token to this (spec §7.2 "query recovery_url"). */
export function recoveryUrl(): string {
  return absolute(paths.resetPassword(''));
}

export function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const send = useMutation({
    mutationFn: (address: string) =>
      request(forgotPasswordSend, { query: { recovery_url: recoveryUrl() }, body: { email: address } }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) send.mutate(email.trim());
  };

  return (
    <section className="p-login" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('forgot.title')}</h1>
      {send.isSuccess ? (
        <Callout intent="success" role="status">
          {t('forgot.sent', { email: send.variables })}
        </Callout>
      ) : (
        <Form onSubmit={submit}>
          <p>{t('forgot.intro')}</p>
          {send.isError && (
            <Callout intent="danger" role="alert" className="p-login__error">
              {t('forgot.error')}
            </Callout>
          )}
          <Field label={t('forgot.email')} labelFor="forgot-email">
            <InputGroup
              id="forgot-email"
              type="email"
              required
              autoComplete="email"
              autoFocus
              value={email}
              onValueChange={setEmail}
            />
          </Field>
          <Button type="submit" intent="primary" fill loading={send.isPending} disabled={!email.trim()} text={t('forgot.submit')} />
        </Form>
      )}
      <p className="p-login__links">
        <Link to={paths.login()}>{t('forgot.backToLogin')}</Link>
      </p>
    </section>
  );
}
