/**
 * The "offline" badge of the sign-in page of a cold visit, which paints before TanStack Query loads:
 * it reads the browser's own online events, the same ones TanStack Query's online manager listens
 * to, and draws Blueprint's tag in plain markup (plain-controls.tsx says why).
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainOfflineTag } from './plain-controls';

const subscribeBrowserOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** The badge while the browser says it is offline. */
export function BrowserOfflineIndicator() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribeBrowserOnline, () => navigator.onLine);
  return online ? null : <PlainOfflineTag>{t('connectivity.offline')}</PlainOfflineTag>;
}
