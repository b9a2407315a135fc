/**
 * The mail body in a sandboxed iframe (never allow-scripts), from srcdoc, after prepareMailHtml.
 * Sanitising runs in a task of its own after the message's fields are painted: on a large HTML body
 * it is the longest piece of main-thread work of the viewer, and it should not add to the render's.
 */
import { useEffect, useState } from 'react';
import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { prepareMailHtml, type MailHtml } from './mail-html';

export function MailFrame({ html, cidImages }: { html: string; cidImages: () => Map<string, string> }) {
  const { t } = useTranslation('filesViewer');
  const [allowRemote, setAllowRemote] = useState(false);
  const [prepared, setPrepared] = useState<MailHtml>();
  useEffect(() => {
    setPrepared(undefined);
    const timer = setTimeout(() => setPrepared(prepareMailHtml(html, cidImages(), allowRemote)), 0);
    return () => clearTimeout(timer);
  }, [html, cidImages, allowRemote]);
  if (!prepared) return <Spinner size={24} aria-label={t('email.tabs.body')} />;
  return (
    <div className="p-fv-mail">
      {prepared.blockedRemote > 0 && !allowRemote && (
        <Callout intent="warning" compact className="p-fv-remote">
          {t('email.remoteBlocked')}{' '}
          <Button size="small" text={t('email.loadRemote')} onClick={() => setAllowRemote(true)} />
        </Callout>
      )}
      <iframe
        title={t('email.tabs.body')}
        data-testid="mail-frame"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={prepared.html}
        style={{ width: '100%', minHeight: 480, border: '1px solid var(--p-border, #ccc)', background: '#fff' }}
      />
    </div>
  );
}
