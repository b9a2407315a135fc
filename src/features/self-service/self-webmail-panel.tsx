/**
 * The mailbox of a light user's use case (spec §2.4 webmail integration, §4 self-service webmail
 * states), in plain words: not connected (give the Gmail address, connect: Google's page
 * opens in a window, or a link is shown when the browser blocks it); waiting for the permission given
 * there; connected, then activate, pause, read now, authorize again, disconnect (confirmed). Mounted
 * by the use case's settings page.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, Callout, Card, H2, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { request } from '../../api/request';
import {
  checkSelfWebmailNow,
  connectSelfWebmail,
  disconnectSelfWebmail,
  SELF_WEBMAIL_CHANNEL,
  setSelfWebmailActive,
  type SelfWebmail,
} from '../../contract/self-service-webmail';
import { formatDate, formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { confirm } from '../../ui/dialogs/dialog-service';
import { ListState } from '../../ui/list-state';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { openAuthorizationWindow } from './authorization-window';
import { selfWebmailQueries } from './self-webmail-queries';
import { Field, Form } from '../../ui/form';

/** Google's page of the authorization under way, and whether the browser refused to open it. */
interface Pending {
  url: string;
  blocked: boolean;
}

function stateTag(webmail: SelfWebmail): { key: 'notConfigured' | 'configuring' | 'active' | 'inactive' | 'reauthorize'; intent: Intent } {
  if (webmail.state === 'notConfigured') return { key: 'notConfigured', intent: Intent.NONE };
  if (webmail.state === 'configuring') return { key: 'configuring', intent: Intent.WARNING };
  if (webmail.needsReauthorization) return { key: 'reauthorize', intent: Intent.DANGER };
  return webmail.active ? { key: 'active', intent: Intent.SUCCESS } : { key: 'inactive', intent: Intent.NONE };
}

export function SelfWebmailPanel({ environmentId }: { environmentId: string }) {
  const { t } = useTranslation('selfWebmail');
  const { language } = usePreferences();
  const queryClient = useQueryClient();
  const status = useQuery(selfWebmailQueries.status(environmentId));
  const [mailbox, setMailbox] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: selfWebmailQueries.all() });

  // The callback page (in Google's window) says when the mailbox is connected.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(SELF_WEBMAIL_CHANNEL);
    channel.onmessage = () => {
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: selfWebmailQueries.all() });
    };
    return () => channel.close();
  }, [queryClient]);

  const act = async (work: () => Promise<unknown>, success?: string) => {
    setBusy(true);
    try {
      await work();
      if (success) toast.success({ summary: tr(`selfWebmail:${success}`) });
    } catch (error) {
      toast.error({ summary: tr('selfWebmail:failed'), detail: errorMessage(error) });
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  /** Connect or authorize again: the window opens inside the click, Google's address follows. */
  const authorize = (address: string) => {
    const opened = openAuthorizationWindow();
    void act(async () => {
      try {
        const { url } = await request(connectSelfWebmail, { params: { envId: environmentId }, body: { mailbox: address } });
        setPending({ url, blocked: !opened.go(url) });
      } catch (error) {
        opened.abandon();
        throw error;
      }
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mailbox.trim() !== '') authorize(mailbox.trim());
  };
  const params = { envId: environmentId };
  const setActive = (active: boolean) => act(() => request(setSelfWebmailActive, { params, body: { active } }), active ? 'activated' : 'deactivated');
  const checkNow = () => act(() => request(checkSelfWebmailNow, { params }), 'checkQueued');
  const disconnect = async (webmail: SelfWebmail, question: 'disconnectConfirm' | 'cancelConfirm') => {
    if (!(await confirm({ body: tr(`selfWebmail:${question}`, { mailbox: webmail.mailbox }), danger: true }))) return;
    setPending(null);
    await act(() => request(disconnectSelfWebmail, { params }), 'disconnected');
  };

  const webmail = status.data;
  const tag = webmail ? stateTag(webmail) : null;
  return (
    <Card data-testid="self-webmail" data-webmail-state={tag?.key} style={{ marginBottom: '1rem' }}>
      <H2 className="p-card-heading">
        {t('title')} {tag && <Tag intent={tag.intent} minimal>{t(`states.${tag.key}`)}</Tag>}
      </H2>
      <ListState query={status} errorText={t('error')}>
        {webmail && webmail.state === 'notConfigured' && !webmail.available && <Callout intent={Intent.WARNING}>{t('unavailable')}</Callout>}

        {webmail && webmail.state === 'notConfigured' && webmail.available && (
          <Form onSubmit={submit}>
            <p>{t('intro')}</p>
            <Field label={t('mailbox')} labelFor="self-webmail-address" helperText={t('mailboxHelp')}>
              <InputGroup id="self-webmail-address" type="email" autoComplete="email" required value={mailbox} onValueChange={setMailbox} />
            </Field>
            <Button type="submit" intent={Intent.PRIMARY} text={t('connect')} loading={busy} disabled={mailbox.trim() === ''} />
          </Form>
        )}

        {webmail && webmail.state === 'configuring' && (
          <>
            <p role="status">{t('configuring', { mailbox: webmail.mailbox })}</p>
            <AuthorizationLink pending={pending} />
            <ButtonGroup>
              <Button text={t('restart')} loading={busy} onClick={() => authorize(webmail.mailbox ?? '')} />
              <Button text={t('cancel')} intent={Intent.DANGER} variant="minimal" disabled={busy} onClick={() => void disconnect(webmail, 'cancelConfirm')} />
            </ButtonGroup>
          </>
        )}

        {webmail && webmail.state === 'configured' && (
          <>
            <p>
              <strong>{t('connected', { mailbox: webmail.mailbox })}</strong>
            </p>
            {webmail.needsReauthorization ? (
              <Callout intent={Intent.DANGER} role="alert">
                {t('reauthorizeText')}
              </Callout>
            ) : (
              <p>{t(webmail.active ? 'activeText' : 'inactiveText')}</p>
            )}
            <AuthorizationLink pending={pending} />
            <p>{t('counts', { analysed: webmail.analysed, labelled: webmail.labelled })}</p>
            <p className="bp6-text-muted" role="status">
              {webmail.checking ? t('checking') : webmail.lastCheckAt ? t('lastCheck', { date: formatDateTime(webmail.lastCheckAt, language) }) : t('neverChecked')}
            </p>
            {webmail.lastCheckFailed && !webmail.needsReauthorization && (
              <Callout intent={Intent.WARNING}>
                {webmail.quotaRenewsOn ? t('lastCheckQuota', { date: formatDate(webmail.quotaRenewsOn, language) }) : t('lastCheckFailed')}
              </Callout>
            )}
            <ButtonGroup style={{ flexWrap: 'wrap', gap: '0.5rem' }}>
              {!webmail.needsReauthorization &&
                (webmail.active ? (
                  <Button text={t('deactivate')} icon="pause" disabled={busy} onClick={() => void setActive(false)} />
                ) : (
                  <Button text={t('activate')} icon="play" intent={Intent.PRIMARY} disabled={busy} onClick={() => void setActive(true)} />
                ))}
              {!webmail.needsReauthorization && <Button text={t('checkNow')} icon="refresh" disabled={busy || webmail.checking} onClick={() => void checkNow()} />}
              <Button
                text={t('reauthorize')}
                intent={webmail.needsReauthorization ? Intent.PRIMARY : Intent.NONE}
                disabled={busy}
                onClick={() => authorize(webmail.mailbox ?? '')}
              />
              <Button text={t('disconnect')} icon="trash" intent={Intent.DANGER} variant="minimal" disabled={busy} onClick={() => void disconnect(webmail, 'disconnectConfirm')} />
            </ButtonGroup>
          </>
        )}
      </ListState>
    </Card>
  );
}

/** When the browser blocked the window: the same page as a link the user opens themself. */
function AuthorizationLink({ pending }: { pending: Pending | null }) {
  const { t } = useTranslation('selfWebmail');
  if (pending === null || !pending.blocked) return null;
  return (
    <Callout intent={Intent.WARNING} style={{ marginBottom: '0.75rem' }}>
      <p>{t('blocked')}</p>
      {/* A link, not a button: it opens the page the way the browser lets the user open any link. */}
      <a href={pending.url} target="_blank" rel="noopener noreferrer" className="bp6-button bp6-intent-primary">
        {t('openLink')}
      </a>
    </Callout>
  );
}
