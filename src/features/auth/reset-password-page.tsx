/**
 * Reset password (spec §2.4, §8): reached from the mailed link, or after a 410 with
 * `?hasExpired=true`. The link is checked first, so an expired or spent one says so before the user
 * types anything.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Callout } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { forgotPasswordCheck, forgotPasswordReset } from '../../contract/passwords';
import { paths } from '../../app/paths';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { isAcceptable, PasswordFields, type NewPassword } from '../../ui/password-fields';
import { passwordErrorCode } from './password-errors';
import { Form } from '../../ui/form';

export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const hasExpired = search.get('hasExpired') === 'true';
  const navigate = useNavigate();
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });

  const check = useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: ({ signal }) => request(forgotPasswordCheck, { params: { token }, signal }),
    retry: false,
    // A link is checked when the page opens, never served from a cache.
    gcTime: 0,
  });
  const reset = useMutation({
    mutationFn: (next: NewPassword) => request(forgotPasswordReset, { body: { token, ...next } }),
    onSuccess: async () => {
      toast.success({ summary: tr('account:reset.done') });
      await navigate(paths.login(), { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isAcceptable(value)) reset.mutate(value);
  };

  const failure = reset.isError ? passwordErrorCode(reset.error) : undefined;
  const linkInvalid = (check.isError && passwordErrorCode(check.error) === 'invalidLink') || failure === 'invalidLink';

  return (
    <section className="p-login" aria-labelledby="reset-title">
      <h1 id="reset-title">{t(hasExpired ? 'reset.expiredTitle' : 'reset.title')}</h1>
      {check.isPending ? (
        <Spinner size={24} aria-label={t('reset.checking')} />
      ) : linkInvalid || check.isError ? (
        <>
          <Callout intent="danger" role="alert">
            {linkInvalid ? t('reset.invalidLink') : t('reset.error')}
          </Callout>
          <p className="p-login__links">
            <Link to={paths.forgotPassword()}>{t('reset.askAgain')}</Link>
          </p>
        </>
      ) : (
        <Form onSubmit={submit}>
          {hasExpired && (
            <Callout intent="warning" className="p-login__error">
              {t('reset.expired')}
            </Callout>
          )}
          <p className="p-login__who">{t('reset.for', { username: check.data.username })}</p>
          {reset.isError && (
            <Callout intent="danger" role="alert" className="p-login__error">
              {failure === 'invalidPassword'
                ? t('reset.invalidPassword')
                : failure === 'passwordsDiffer'
                  ? t('fields.differ')
                  : t('reset.error')}
            </Callout>
          )}
          <PasswordFields value={value} onChange={setValue} />
          <Button type="submit" intent="primary" fill loading={reset.isPending} disabled={!isAcceptable(value)} text={t('reset.submit')} />
        </Form>
      )}
    </section>
  );
}
