/**
 * The pages identity providers send the browser back to (spec §2.2 oauth/google, oidc/callback):
 * they finish the sign-in with the pending transaction, or say why not with a way back to Login.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Callout } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { oidcLogin, socialLogin, socialSignup, type SsoErrorCode } from '../../contract/sso';
import { defaultRedirect, paths } from '../../app/paths';
import { startSession, takePostLoginTarget } from '../../app/session';
import { authQueries } from './queries';
import { absolute, signupOffered, ssoErrorCode, startSocialSignIn, takePending } from './sso';

type Failure = { code: SsoErrorCode | 'ssoCancelled' | 'ssoFailed'; signup: boolean };

async function exchange(kind: 'oidc' | 'social', search: URLSearchParams) {
  const pending = takePending();
  if (pending === null || pending.kind !== kind) throw { sso: 'ssoTransactionInvalid' } as const;
  if (search.has('error')) throw { sso: 'ssoCancelled' } as const;
  if (kind === 'oidc') {
    return request(oidcLogin, { body: { callback: Object.fromEntries(search), transaction: pending.transaction } });
  }
  const code = search.get('code');
  const state = search.get('state');
  if (code === null || state === null || state !== pending.state) throw { sso: 'ssoTransactionInvalid' } as const;
  const iss = search.get('iss');
  const query = {
    code,
    state,
    ...(iss === null ? {} : { iss }),
    redirect_url: absolute(paths.oauthGoogle()),
    transaction: pending.transaction,
  };
  const endpoint = pending.intent === 'signup' ? socialSignup : socialLogin;
  return request(endpoint, { params: { provider: 'google' }, query });
}

function SsoCallback({ kind }: { kind: 'oidc' | 'social' }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Failure>();
  // The pending transaction is single use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const search = new URLSearchParams(window.location.search);
    void (async () => {
      try {
        const tokens = await exchange(kind, search);
        await startSession({ token: tokens.token, refreshToken: tokens.refresh_token });
        const user = await queryClient.fetchQuery(authQueries.currentUser());
        const target = await takePostLoginTarget();
        await navigate(target ?? defaultRedirect({ hasToken: true, isLight: user.isLight }), { replace: true });
      } catch (error) {
        const local = (error as { sso?: Failure['code'] } | null)?.sso;
        setFailure({ code: local ?? ssoErrorCode(error) ?? 'ssoFailed', signup: kind === 'social' && signupOffered(error) });
      }
    })();
  }, [kind, navigate, queryClient]);

  if (failure === undefined) {
    return (
      <section className="p-login" aria-busy="true">
        <Spinner size={32} />
        <p>{t('sso.finishing')}</p>
      </section>
    );
  }
  return (
    <section className="p-login" aria-labelledby="sso-failed-title">
      <h1 id="sso-failed-title">{t('sso.failedTitle')}</h1>
      <Callout intent="danger" role="alert" className="p-login__error">
        {t(`errors.${failure.code}`)}
      </Callout>
      {failure.signup && (
        <Button intent="primary" fill text={t('sso.signupWithGoogle')} onClick={() => void startSocialSignIn('google', 'signup')} />
      )}
      <Link to={paths.login()} className="p-login__back">
        {t('sso.backToLogin')}
      </Link>
    </section>
  );
}

export function OAuthGoogleCallbackPage() {
  return <SsoCallback kind="social" />;
}

export function OidcCallbackPage() {
  return <SsoCallback kind="oidc" />;
}
