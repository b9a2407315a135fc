/**
 * Two-step sign-in (spec §2.4): the username first, then the password. Wrong username and wrong
 * password get their own messages (§8); anything else is a "try again later" error toast.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError, serverCode } from '../../api/errors';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { defaultRedirect, paths } from '../../app/paths';
import { startSession, takePostLoginTarget } from '../../app/session';
import { authQueries } from './queries';
import { Field, Form } from '../../ui/form';

/** The calls (and their zod contracts) load on first use: the first step paints without them. */
const loginCalls = () => import('./login-calls');

type Step = 'username' | 'password' | 'oidc';
type FieldError = 'wrongUsername' | 'wrongPassword' | 'ssoProviderUnavailable' | 'ssoProviderUnknown' | undefined;

function loginErrorCode(error: unknown): FieldError {
  if (!isApiError(error, 'http') || error.status !== 401) return undefined;
  const code = serverCode(error);
  return code === 'wrongUsername' || code === 'wrongPassword' ? code : undefined;
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'account']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('username');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<FieldError>();
  const [busy, setBusy] = useState(false);
  const [oidcUrl, setOidcUrl] = useState<string>();
  const providers = useQuery(authQueries.socialProviders());
  const google = providers.data?.providers.some((provider) => provider.id === 'google') ?? false;

  // After the username: the organisation's identity provider when it has one, else the password.
  const submitUsername = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return;
    setFieldError(undefined);
    setBusy(true);
    try {
      const url = await (await loginCalls()).oidcSignInUrl(username.trim());
      if (url !== null) {
        setOidcUrl(url);
        setStep('oidc');
      } else {
        setStep('password');
      }
    } catch (error) {
      const calls = await loginCalls().catch(() => null);
      if (calls?.ssoErrorCode(error) === 'ssoProviderUnavailable') setFieldError('ssoProviderUnavailable');
      // Any other failure (offline, server trouble) must not lock the user out of the password: the
      // password step reports its own errors.
      else setStep('password');
    } finally {
      setBusy(false);
    }
  };

  const signInWithGoogle = async () => {
    setFieldError(undefined);
    try {
      await (await loginCalls()).startSocialSignIn('google', 'login');
    } catch (error) {
      const code = (await loginCalls().catch(() => null))?.ssoErrorCode(error);
      if (code === 'ssoProviderUnavailable' || code === 'ssoProviderUnknown') setFieldError(code);
      else toast.error({ summary: tr('auth:errors.retryLater'), detail: errorMessage(error) });
    }
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFieldError(undefined);
    try {
      const tokens = await (await loginCalls()).signIn(username.trim(), password);
      await startSession({ token: tokens.token, refreshToken: tokens.refresh_token });
      const user = await queryClient.fetchQuery(authQueries.currentUser());
      const target = await takePostLoginTarget();
      await navigate(target ?? defaultRedirect({ hasToken: true, isLight: user.isLight }), { replace: true });
    } catch (error) {
      const code = loginErrorCode(error);
      if (code === 'wrongUsername') setStep('username');
      if (code) setFieldError(code);
      else if (serverCode(error) === 'tooManyAttempts') {
        // 429 with the wait the server asks for (retryAfter, seconds), shown in whole minutes.
        const seconds = Number((error as { jsonData?: { retryAfter?: unknown } }).jsonData?.retryAfter) || 60;
        toast.error({ summary: tr('auth:errors.retryLater'), detail: tr('auth:errors.tooManyAttempts', { minutes: Math.ceil(seconds / 60) }) });
      } else if (!(isApiError(error, 'http') && error.status === 410)) {
        toast.error({ summary: tr('auth:errors.retryLater'), detail: errorMessage(error) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="p-login" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      {fieldError && (
        <Callout intent="danger" role="alert" className="p-login__error">
          {t(`errors.${fieldError}`)}
        </Callout>
      )}
      {step === 'username' ? (
        <Form onSubmit={(event) => void submitUsername(event)}>
          <Field label={t('login.username')} labelFor="login-username">
            <InputGroup
              id="login-username"
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onValueChange={setUsername}
            />
          </Field>
          <Button type="submit" intent="primary" fill loading={busy} text={t('login.continue')} disabled={!username.trim()} />
          {google && (
            <div className="p-login__sso">
              <p>{t('login.or')}</p>
              <Button fill text={t('login.google')} onClick={() => void signInWithGoogle()} />
            </div>
          )}
        </Form>
      ) : step === 'oidc' ? (
        <div>
          <p className="p-login__who">{t('login.signingInAs', { username })}</p>
          <p>{t('login.oidcIntro')}</p>
          <Button
            intent="primary"
            fill
            autoFocus
            text={t('login.oidcContinue')}
            onClick={() => oidcUrl && window.location.assign(oidcUrl)}
          />
          <Button variant="minimal" text={t('login.back')} onClick={() => setStep('username')} className="p-login__back" />
        </div>
      ) : (
        <Form onSubmit={submitPassword}>
          <p className="p-login__who">{t('login.signingInAs', { username })}</p>
          <Field label={t('login.password')} labelFor="login-password">
            <InputGroup
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onValueChange={setPassword}
            />
          </Field>
          <Button type="submit" intent="primary" fill loading={busy} text={t('login.submit')} disabled={!password} />
          <Button variant="minimal" text={t('login.back')} onClick={() => setStep('username')} className="p-login__back" />
        </Form>
      )}
      <p className="p-login__links">
        <Link to={paths.forgotPassword()}>{t('account:forgot.link')}</Link>
      </p>
    </section>
  );
}
