import { useEffect, useState } from 'react';
import { ToastLayer } from './toasts/toast-layer';
import { ErrorDialogLayer } from './dialogs/error-dialog';
import { ConfirmLayer } from './dialogs/confirm-layer';

/** Runs `callback` when the browser is idle, or after 1 ms where idle callbacks do not exist (spec §4). */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1);
  return () => window.clearTimeout(handle);
}

/** The confirmation, dialog and toast layers, mounted once the first paint is done. */
export function NotificationLayers() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => whenIdle(() => setMounted(true)), []);
  if (!mounted) return null;
  return (
    <>
      <ConfirmLayer />
      <ErrorDialogLayer />
      <ToastLayer />
    </>
  );
}
