/**
 * The one page of every OAuth callback route (§2.2): integrations/gmail/callback,
 * integrations/jira/callback and integrations/salesforce/callback. The provider sends the browser
 * back here with `code` and `state` (or `error`). The state names the environment; the server checks
 * it against the authorization it started, exchanges the code with the PKCE verifier, and the page
 * goes back to the integrations tab. integrations/external (§2.2, the workflow tool) is the same
 * page asking first: the admin agrees to what the platform creates in their tool, then the server
 * finishes (code `external`). A light user's webmail (state `<envId>.self.<nonce>`) finishes through
 * the self-service endpoint and goes back to the use case, telling its page (maybe the window that
 * opened this one) that the mailbox is connected.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { Spinner } from '../../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { request } from '../../../api/request';
import { completeAuthorization } from '../../../contract/integrations';
import { completeSelfWebmail, isSelfWebmailState, SELF_WEBMAIL_CHANNEL } from '../../../contract/self-service-webmail';
import { connectorCodeText, connectorErrorText } from './messages';
import { EmptyState } from '../../../ui/empty-state';

type Outcome = { kind: 'working' } | { kind: 'done'; back: string } | { kind: 'failed'; text: string };

export const OAuthCallbackPage = () => <AuthorizationCallback external={false} />;
export const ExternalAuthorizationPage = () => <AuthorizationCallback external />;

function AuthorizationCallback({ external }: { external: boolean }) {
  const { t } = useTranslation('integrations');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(!external);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const givenState = search.get('state') ?? '';
  const selfEnvId = !external && isSelfWebmailState(givenState) ? (givenState.split('.')[0] ?? null) : null;
  // The code is single-use: a second render (strict mode) must not send it again.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !agreed) return;
    sent.current = true;
    const state = search.get('state') ?? '';
    const code = external ? 'external' : (search.get('code') ?? '');
    const providerError = search.get('error');
    const envId = state.split('.')[0] ?? '';
    if (providerError !== null) {
      setOutcome({ kind: 'failed', text: connectorCodeText(t, 'authorizationFailed', providerError) ?? providerError });
      return;
    }
    if (state === '' || code === '' || envId === '') {
      setOutcome({ kind: 'failed', text: t('callback.missing') });
      return;
    }
    if (!external && isSelfWebmailState(state)) {
      request(completeSelfWebmail, { params: { envId }, body: { state, code } }).then(
        () => {
          const back = paths.selfSettings(envId);
          setOutcome({ kind: 'done', back });
          if (typeof BroadcastChannel !== 'undefined') {
            const channel = new BroadcastChannel(SELF_WEBMAIL_CHANNEL);
            channel.postMessage({ envId });
            channel.close();
          }
          // The window the use case's page opened closes itself; otherwise (a link opened in a tab)
          // this tab goes back to the use case.
          window.close();
          void navigate(back, { replace: true });
        },
        (error: unknown) => setOutcome({ kind: 'failed', text: connectorErrorText(t, error) }),
      );
      return;
    }
    request(completeAuthorization, { params: { envId }, body: { state, code } }).then(
      ({ projectId }) => {
        const back = `${paths.envManagement(projectId, 'integrations')}?envId=${encodeURIComponent(envId)}`;
        setOutcome({ kind: 'done', back });
        void navigate(back, { replace: true });
      },
      (error: unknown) => setOutcome({ kind: 'failed', text: connectorErrorText(t, error) }),
    );
  }, [search, navigate, t, agreed, external]);

  return (
    <section className="p-page">
      <h1 className="p-page__title">{t(external ? 'external.title' : 'callback.title')}</h1>
      {!agreed && (
        <>
          <Callout intent={Intent.PRIMARY}>{t('external.explain')}</Callout>
          <Button intent={Intent.PRIMARY} text={t('external.agree')} onClick={() => setAgreed(true)} />
        </>
      )}
      {agreed && outcome.kind === 'working' && <EmptyState icon={<Spinner size={30} />} title={t('callback.working')} />}
      {outcome.kind === 'done' && <Callout intent={Intent.SUCCESS}>{t('callback.done')}</Callout>}
      {outcome.kind === 'failed' && (
        <>
          <Callout intent={Intent.DANGER} role="alert">
            {outcome.text}
          </Callout>
          {/* A light user's webmail goes back to their use case, not to the full console. */}
          <Button text={t('callback.back')} onClick={() => void navigate(selfEnvId === null ? '/' : paths.selfSettings(selfEnvId))} />
        </>
      )}
    </section>
  );
}
