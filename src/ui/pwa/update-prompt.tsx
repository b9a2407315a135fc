/**
 * Bottom-left bar offering to reload into a new version of the console, and a short-lived notice
 * when the console first becomes usable offline. Bottom-left because toasts use the bottom-right.
 * Non-modal: the user can keep working on the old version as long as they like.
 */
import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { Button, Card, Elevation, Icon, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissOfflineReady, dismissUpdate, getUpdateState, subscribeUpdate } from './service-worker';

const OFFLINE_NOTICE_MS = 8000;

const containerStyle: CSSProperties = {
  position: 'fixed',
  left: 16,
  bottom: 16,
  // Same layer as Blueprint's toasts, so overlays' backdrops do not hide it.
  zIndex: 40,
  maxWidth: 'calc(100vw - 32px)',
};

const barStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 12, padding: '10px 12px' };

export function UpdatePrompt() {
  const { t } = useTranslation('pwa');
  const { updateAvailable, offlineReady } = useSyncExternalStore(subscribeUpdate, getUpdateState, getUpdateState);
  const [reloading, setReloading] = useState(false);
  const showOfflineNotice = offlineReady && !updateAvailable;

  // The offline notice is informational only; it should not linger over the page.
  useEffect(() => {
    if (!showOfflineNotice) return;
    const timer = setTimeout(dismissOfflineReady, OFFLINE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [showOfflineNotice]);

  if (!updateAvailable && !showOfflineNotice) return null;

  // Later stays enabled while reloading: if the new worker never takes control, the user is not stuck.
  const later = () => {
    setReloading(false);
    dismissUpdate();
  };

  const reload = () => {
    setReloading(true);
    // On success the page reloads when the new worker takes control; only a failure gets back here.
    applyUpdate().catch(() => setReloading(false));
  };

  return (
    <div style={containerStyle}>
      {updateAvailable ? (
        <Card role="status" data-testid="pwa-update-prompt" elevation={Elevation.THREE} compact style={barStyle}>
          <Icon icon="updated" intent={Intent.PRIMARY} />
          <span>{t('update.available')}</span>
          <Button intent={Intent.PRIMARY} text={t('update.reload')} loading={reloading} onClick={reload} />
          <Button variant="minimal" text={t('update.later')} onClick={later} />
        </Card>
      ) : (
        <Card role="status" data-testid="pwa-offline-ready" elevation={Elevation.TWO} compact style={barStyle}>
          <Icon icon="offline" intent={Intent.SUCCESS} />
          <span>{t('offline.ready')}</span>
          <Button variant="minimal" icon="cross" aria-label={t('offline.dismiss')} onClick={dismissOfflineReady} />
        </Card>
      )}
    </div>
  );
}
