/**
 * The "offline" badge. The console's top bars show it when TanStack Query's online manager says so
 * (connectivity.tsx); the sign-in page of a cold visit, which paints before TanStack Query loads,
 * reads the browser's own online events, the same ones that manager listens to.
 */
import { useSyncExternalStore } from 'react';
import { Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function OfflineTag() {
  const { t } = useTranslation();
  return (
    <Tag intent="warning" icon={<Icon icon="offline" />} role="status" data-testid="offline-indicator">
      {t('connectivity.offline')}
    </Tag>
  );
}

const subscribeBrowserOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** The badge while the browser says it is offline, for pages shown before TanStack Query loads. */
export function BrowserOfflineIndicator() {
  const online = useSyncExternalStore(subscribeBrowserOnline, () => navigator.onLine);
  return online ? null : <OfflineTag />;
}
