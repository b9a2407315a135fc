/**
 * The mail body in a sandboxed iframe (never allow-scripts), from srcdoc, after prepareMailHtml.
 * Sanitising runs after the message's fields are painted, in slices of ~10 ms (sanitize-slices.ts):
 * on a large HTML body it is the biggest piece of main-thread work of the viewer.
 *
 * A screen that reads what the user selects in the body (qualification) provides `MailSelection`:
 * the frame is then same-origin so the page can read its selection. Still no script runs in it (the
 * sandbox has no allow-scripts), and the HTML is the same sanitised one.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { Spinner } from '../spinner';
import { useTranslation } from 'react-i18next';
import { prepareMailHtmlInSlices, type MailHtml } from './mail-html';
import { nextTask } from '../yield-to-browser';

/** Called with the words selected in a mail body, when a screen wants them. */
export const MailSelection = createContext<((quote: string) => void) | null>(null);

export function MailFrame({ html, cidImages }: { html: string; cidImages: () => Map<string, string> }) {
  const { t } = useTranslation('filesViewer');
  const onSelect = useContext(MailSelection);
  // The listeners stay on the frame's document from its load: they call the latest callback.
  const latest = useRef(onSelect);
  useEffect(() => {
    latest.current = onSelect;
  });
  const frame = useRef<HTMLIFrameElement>(null);
  const listen = () => {
    const inner = frame.current?.contentDocument;
    if (!onSelect || !inner) return;
    const report = () => {
      const quote = inner.getSelection()?.toString().trim() ?? '';
      if (quote !== '') latest.current?.(quote);
    };
    inner.addEventListener('mouseup', report);
    inner.addEventListener('keyup', (event) => event.shiftKey && event.key.startsWith('Arrow') && report());
  };
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
        ref={frame}
        onLoad={listen}
        title={t('email.tabs.body')}
        data-testid="mail-frame"
        sandbox={onSelect ? 'allow-popups allow-popups-to-escape-sandbox allow-same-origin' : 'allow-popups allow-popups-to-escape-sandbox'}
        referrerPolicy="no-referrer"
        srcDoc={prepared.html}
        style={{ width: '100%', minHeight: 480, border: '1px solid var(--p-border, #ccc)', background: '#fff' }}
      />
    </div>
  );
}
