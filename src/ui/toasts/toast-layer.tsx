import { useEffect, useRef } from 'react';
import { Intent, OverlayToaster, type ToastProps } from '@blueprintjs/core';
import i18next from 'i18next';
import { attachToastListener, type Toast, type ToastSeverity } from './toast-service';
import { openErrorDialog } from '../dialogs/dialog-service';
import { resolveMessage } from '../message';

const intents: Record<ToastSeverity, Intent> = {
  info: Intent.PRIMARY,
  success: Intent.SUCCESS,
  warn: Intent.WARNING,
  error: Intent.DANGER,
};

function ToastContent({ toast }: { toast: Toast }) {
  const summary = resolveMessage(toast.summary);
  // The detail is shown as text here; its markup is rendered (sanitised) only in the error dialog.
  const detail = resolveMessage(toast.detail).replace(/<[^>]*>/g, ' ');
  const body = (
    <>
      {summary && <strong className="p-toast__summary">{summary}</strong>}
      {detail && <span className="p-toast__detail">{detail}</span>}
    </>
  );
  if (toast.severity !== 'error') return <div className="p-toast__content">{body}</div>;
  return (
    <button
      type="button"
      className="p-toast__content p-toast__open"
      onClick={() => openErrorDialog({ summary: toast.summary, detail: toast.detail })}
    >
      {body}
    </button>
  );
}

/** Bottom-right toasts (spec §4); clicking an error toast opens the Error dialog. */
export function ToastLayer() {
  const toaster = useRef<OverlayToaster>(null);

  useEffect(
    () =>
      attachToastListener((toast) => {
        toaster.current?.show({
          message: <ToastContent toast={toast} />,
          // Blueprint's own close button is named "Close" in every language: an action closes instead
          // (a toast's action dismisses it once clicked), named in the reader's language.
          isCloseButtonShown: false,
          action: { icon: 'cross', 'aria-label': i18next.t('common:actions.close') } as ToastProps['action'],
          intent: intents[toast.severity],
          timeout: toast.timeout,
          className: `p-toast p-toast--${toast.severity}`,
        });
      }),
    [],
  );

  return <OverlayToaster ref={toaster} position="bottom-right" className="p-toaster" maxToasts={5} />;
}
