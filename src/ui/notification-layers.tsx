import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPaint } from './after-first-paint';
import { importWhenOnline } from './import-when-online';

// Loaded once the page has painted and the browser is idle, so the first paint does not wait for (nor
// download) the overlay components, DOMPurify and the update prompt.
const Layers = lazy(() => importWhenOnline(() => import('./notification-layers-content')));

/** Runs `callback` when the browser is idle, or after 1 ms where idle callbacks do not exist (spec §4). */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1);
  return () => window.clearTimeout(handle);
}

/** The confirmation, dialog and toast layers, mounted when the browser is idle after the first paint. */
export function NotificationLayers() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const cancelPaint = afterFirstPaint(() => {
      cancelIdle = whenIdle(() => setMounted(true));
    });
    return () => {
      cancelPaint();
      cancelIdle?.();
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Layers />
    </Suspense>
  );
}
