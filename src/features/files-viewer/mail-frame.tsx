/** The mail body in a sandboxed iframe (never allow-scripts), from srcdoc, after prepareMailHtml. */
import { useMemo, useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { prepareMailHtml } from './mail-html';

export function MailFrame({ html, cidImages }: { html: string; cidImages: Map<string, string> }) {
  const { t } = useTranslation('filesViewer');
  const [allowRemote, setAllowRemote] = useState(false);
  const prepared = useMemo(() => prepareMailHtml(html, cidImages, allowRemote), [html, cidImages, allowRemote]);
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
