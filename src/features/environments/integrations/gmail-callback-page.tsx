/**
 * integrations/gmail/callback (§2.2): Google sends the browser back here with `code` and `state` (or
 * `error`). The state names the environment; the server checks it against the authorization it
 * started, exchanges the code with the PKCE verifier, and the page goes back to the integrations tab.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Callout, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { request } from '../../../api/request';
import { completeAuthorization } from '../../../contract/integrations';
import { connectorCodeText, connectorErrorText } from './messages';

type Outcome = { kind: 'working' } | { kind: 'done'; back: string } | { kind: 'failed'; text: string };

export function GmailCallbackPage() {
  const { t } = useTranslation('integrations');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  // The code is single-use: a second render (strict mode) must not send it again.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const state = search.get('state') ?? '';
    const code = search.get('code') ?? '';
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
    request(completeAuthorization, { params: { envId }, body: { state, code } }).then(
      ({ projectId }) => {
        const back = `${paths.envManagement(projectId, 'integrations')}?envId=${encodeURIComponent(envId)}`;
        setOutcome({ kind: 'done', back });
        void navigate(back, { replace: true });
      },
      (error: unknown) => setOutcome({ kind: 'failed', text: connectorErrorText(t, error) }),
    );
  }, [search, navigate, t]);

  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('callback.title')}</h1>
      {outcome.kind === 'working' && <NonIdealState icon={<Spinner size={30} />} title={t('callback.working')} />}
      {outcome.kind === 'done' && <Callout intent={Intent.SUCCESS}>{t('callback.done')}</Callout>}
      {outcome.kind === 'failed' && (
        <>
          <Callout intent={Intent.DANGER} role="alert">
            {outcome.text}
          </Callout>
          <Button text={t('callback.back')} onClick={() => void navigate('/')} />
        </>
      )}
    </section>
  );
}
