/**
 * The sign-in page of a cold visit to /login without a session: painted with React and the login
 * page alone, before the router, the route table, TanStack Query and the contracts load
 * (bench:shell: the page's JavaScript until the network is idle). Its first move (signed in, the
 * forgotten password link, an expired password's reset) starts the app at the new path, which then
 * takes the page over. A sign-in page reached inside the app (after a logout) is the router's.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { LoginPage } from '../features/auth/login-page';
import { BrowserOfflineIndicator } from '../ui/offline-tag';
import { NotificationLayers } from '../ui/notification-layers';
import { LoginFrame } from './layouts/login-frame';
import { setHandover } from './navigation';

function SignInShell() {
  const { t } = useTranslation('routes');
  const title = t('login');
  useEffect(() => {
    document.title = `${title} · Postroom`;
  }, [title]);
  return (
    <>
      <LoginFrame status={<BrowserOfflineIndicator />}>
        <LoginPage />
      </LoginFrame>
      <NotificationLayers />
    </>
  );
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
