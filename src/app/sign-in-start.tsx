/**
 * The sign-in page of a cold visit to /login without a session: painted with React and the login
 * page alone, before the router, the route table, TanStack Query and the contracts load
 * (bench:shell: the page's JavaScript until the network is idle). Its first move (signed in, the
 * forgotten password link, an expired password's reset) starts the app at the new path, which then
 * takes the page over. A sign-in page reached inside the app (after a logout) is the router's.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { LoginPage } from '../features/auth/login-page';
import { BrowserOfflineIndicator } from '../ui/browser-offline-indicator';
import { NotificationLayers } from '../ui/notification-layers';
import { whenToastWaits } from '../ui/toasts/toast-service';
import { LoginFrame } from './layouts/login-frame';
import { setHandover } from './navigation';

function SignInShell() {
  const { t } = useTranslation('routes');
  const title = t('login');
  useEffect(() => {
    document.title = `${title} · Postroom`;
  }, [title]);
  const layers = useLayersWhenNeeded();
  return (
    <>
      <LoginFrame status={<BrowserOfflineIndicator />}>
        <LoginPage />
      </LoginFrame>
      {layers && <NotificationLayers />}
    </>
  );
}

/**
 * The notification layers (toasts, dialogs, the service worker's notices: ~13 KB of overlays) load
 * when the page has one to show: a toast raised (a sign-in that failed), or the service worker's
 * offline-ready or update notice.
 */
function useLayersWhenNeeded(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => whenToastWaits(() => setNeeded(true)), []);
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let left = false;
    void import('../ui/pwa/service-worker').then(({ getUpdateState, subscribeUpdate }) => {
      if (left) return;
      const check = () => {
        const { updateAvailable, offlineReady } = getUpdateState();
        if (updateAvailable || offlineReady) setNeeded(true);
      };
      unsubscribe = subscribeUpdate(check);
      check();
    });
    return () => {
      left = true;
      unsubscribe?.();
    };
  }, []);
  return needed;
}

export function startSignIn(): void {
  const root = createRoot(document.getElementById('root')!);
  setHandover(async (path, replace) => {
    const { startApp } = await import('./start-app');
    if (replace) history.replaceState(null, '', path);
    else history.pushState(null, '', path);
    setHandover(undefined);
    root.unmount();
    await startApp();
  });
  root.render(
    <StrictMode>
      <SignInShell />
    </StrictMode>,
  );
}
