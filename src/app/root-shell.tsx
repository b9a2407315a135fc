import { useEffect } from 'react';
import { Outlet, useLoaderData, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { afterFirstPaint } from '../ui/after-first-paint';
import { NotificationLayers } from '../ui/notification-layers';
import { applyPreferences } from '../ui/theme';
import { usePreferences } from '../storage/preferences';
import { changeLanguage } from '../i18n/setup';
import { useRouteTitleKey } from './page-title';
import { recordRecentPage } from './recent-pages';
import { RapidNavigation } from './rapid-navigation';
import { hasToken } from './session';
import type { GuardResult } from './guard';
import { NoAccessPage } from './no-access-page';

/** Everything every page shares: title, preferences applied, recent pages, notification layers. */
export function RootShell() {
  const { t, i18n } = useTranslation('routes');
  const titleKey = useRouteTitleKey();
  const location = useLocation();
  const navigation = useNavigation();
  const preferences = usePreferences();
  // The guard's answer: a page the user's role may not use is replaced, never loaded.
  const noAccess = (useLoaderData() as GuardResult | undefined)?.noAccess === true;

  useEffect(() => {
    applyPreferences(preferences);
    if (i18n.language !== preferences.language) void changeLanguage(preferences.language);
  }, [preferences, i18n]);

  // Each navigation the router commits is counted on <html data-navigations>: a script driving the
  // console (the browser scenarios) can move between screens the way a user's click does, without
  // reloading the application, and know when the new screen has replaced the old one.
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.navigations = String(Number(root.dataset.navigations ?? '0') + 1);
    // The location object, not its key: an entry pushed without one has the key "default".
  }, [location]);
  // …and whether one is still under way (a screen's code or data loading): until it is idle, the
  // screen shown may yet be replaced, by it or by a redirect of the screen it leaves.
  useEffect(() => {
    document.documentElement.dataset.navigationState = navigation.state;
  }, [navigation.state]);

  const title = titleKey ? t(titleKey as never) : '';
  useEffect(() => {
    document.title = title ? `${title} · Postroom` : 'Postroom';
    if (!titleKey) return;
    // Not needed to paint the page: recorded afterwards, so the login page paints without Dexie.
    // Only signed-in pages: the login page is no place to come back to.
    if (!hasToken() || noAccess) return;
    return afterFirstPaint(() => void recordRecentPage({ path: location.pathname + location.search, titleKey }));
  }, [title, titleKey, location.pathname, location.search, noAccess]);

  return (
    <>
      {noAccess ? <NoAccessPage /> : <Outlet />}
      <RapidNavigation />
      <NotificationLayers />
    </>
  );
}
