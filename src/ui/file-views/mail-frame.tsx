/**
 * The mail body in a sandboxed iframe (never allow-scripts), from srcdoc, after prepareMailHtml.
 * Sanitising runs after the message's fields are painted, in slices of ~10 ms (sanitize-slices.ts):
 * on a large HTML body it is the biggest piece of main-thread work of the viewer.
 */
import { useEffect, useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { Spinner } from '../spinner';
import { useTranslation } from 'react-i18next';
import { prepareMailHtmlInSlices, type MailHtml } from './mail-html';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function MailFrame({ html, cidImages }: { html: string; cidImages: () => Map<string, string> }) {
  const { t } = useTranslation('filesViewer');
  const [allowRemote, setAllowRemote] = useState(false);
  const [prepared, setPrepared] = useState<MailHtml>();
  useEffect(() => {
    let cancelled = false;
    setPrepared(undefined);
    void nextTask()
      .then(() => prepareMailHtmlInSlices(html, cidImages(), allowRemote, () => (cancelled ? Promise.reject(new Error('cancelled')) : nextTask())))
      .then((result) => !cancelled && setPrepared(result), () => undefined);
    return () => {
      cancelled = true;
    };
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
