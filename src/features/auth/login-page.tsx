/**
 * Two-step sign-in (spec §2.4): the username first, then the password. Wrong username and wrong
 * password get their own messages (§8); anything else is a "try again later" error toast.
 */
import { useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError, serverCode } from '../../api/errors';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { paths } from '../../app/paths';
import { goTo } from '../../app/navigation';
import { PlainButton, PlainErrorCallout, PlainField, PlainForm, PlainInput } from '../../ui/plain-controls';
import { useSocialProviders } from './use-social-providers';

/**
 * Plain controls with Blueprint's classes (ui/plain-controls.tsx), not Blueprint's components: this
 * page is the cold visit's first paint, and their icon tables would be a sixth of its JavaScript.
 * No control has a constraint for the browser to check (the buttons wait for a value), so its forms
 * are plain ones.
 *
 * The calls (their zod contracts, the session and the query client) load on first use: the page
 * paints without them, and without the router on a cold visit (src/app/sign-in-start.tsx), so it
 * moves with `goTo` and plain links.
 */
const loginCalls = () => import('./login-calls');

/** A plain click on an in-app link moves in the app; other clicks (new tab…) are the browser's. */
function followInApp(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  void goTo(event.currentTarget.getAttribute('href') ?? '/');
}

type Step = 'username' | 'password' | 'oidc';
type FieldError = 'wrongUsername' | 'wrongPassword' | 'ssoProviderUnavailable' | 'ssoProviderUnknown' | undefined;

function loginErrorCode(error: unknown): FieldError {
  if (!isApiError(error, 'http') || error.status !== 401) return undefined;
  const code = serverCode(error);
  return code === 'wrongUsername' || code === 'wrongPassword' ? code : undefined;
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'account']);
  const [step, setStep] = useState<Step>('username');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<FieldError>();
  const [busy, setBusy] = useState(false);
  const [oidcUrl, setOidcUrl] = useState<string>();
  const google = useSocialProviders().includes('google');

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
      const target = await (await loginCalls()).signIn(username.trim(), password);
      await goTo(target, { replace: true });
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

  // An answer about the username or the password describes the field it is about.
  const errorId = fieldError ? 'login-error' : undefined;
  const usernameInvalid = fieldError === 'wrongUsername';
  const passwordInvalid = fieldError === 'wrongPassword';

  return (
    <section className="p-login" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      {fieldError && (
        <PlainErrorCallout id={errorId} className="p-login__error">
          {t(`errors.${fieldError}`)}
        </PlainErrorCallout>
      )}
      {step === 'username' ? (
        <PlainForm onSubmit={(event) => void submitUsername(event)}>
          <PlainField label={t('login.username')} labelFor="login-username">
            <PlainInput
              id="login-username"
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              invalid={usernameInvalid}
              aria-describedby={usernameInvalid ? errorId : undefined}
            />
          </PlainField>
          <PlainButton type="submit" intent="primary" fill loading={busy} disabled={!username.trim()}>
            {t('login.continue')}
          </PlainButton>
          {google && (
            <div className="p-login__sso">
              <p>{t('login.or')}</p>
              <PlainButton fill onClick={() => void signInWithGoogle()}>
                {t('login.google')}
              </PlainButton>
            </div>
          )}
        </PlainForm>
      ) : step === 'oidc' ? (
        <div>
          <p className="p-login__who">{t('login.signingInAs', { username })}</p>
          <p>{t('login.oidcIntro')}</p>
          <PlainButton intent="primary" fill autoFocus onClick={() => oidcUrl && window.location.assign(oidcUrl)}>
            {t('login.oidcContinue')}
          </PlainButton>
          <PlainButton variant="minimal" onClick={() => setStep('username')} className="p-login__back">
            {t('login.back')}
          </PlainButton>
        </div>
      ) : (
        <PlainForm onSubmit={(event) => void submitPassword(event)}>
          <p className="p-login__who">{t('login.signingInAs', { username })}</p>
          <PlainField label={t('login.password')} labelFor="login-password">
            <PlainInput
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              invalid={passwordInvalid}
              aria-describedby={passwordInvalid ? errorId : undefined}
            />
          </PlainField>
          <PlainButton type="submit" intent="primary" fill loading={busy} disabled={!password}>
            {t('login.submit')}
          </PlainButton>
          <PlainButton variant="minimal" onClick={() => setStep('username')} className="p-login__back">
            {t('login.back')}
          </PlainButton>
        </PlainForm>
      )}
      <p className="p-login__links">
        <a href={paths.forgotPassword()} onClick={followInApp}>
          {t('account:forgot.link')}
        </a>
      </p>
    </section>
  );
}
