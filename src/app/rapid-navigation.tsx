/**
 * Rapid navigation (Ctrl/Cmd+K): an omnibar over the organisations, projects and environments the user
 * may see (from the API) and the recent pages kept in IndexedDB. It lives in app/ because it combines
 * several features' data. The shortcut is always listened to; the omnibar loads when first opened.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '../contract/auth';
import { authQueries } from '../features/auth/queries';

const Omnibar = lazy(() => import('./rapid-navigation-omnibar'));

export const OPEN_RAPID_NAVIGATION_EVENT = 'postroom:rapid-navigation';

/**
 * Whether the user is offered rapid navigation: not a light user, whose space is /self only (its
 * targets are the full console's organisations, projects and pages).
 */
export function offersRapidNavigation(user: Pick<User, 'isLight'>): boolean {
  return !user.isLight;
}

export function openRapidNavigation(): void {
  window.dispatchEvent(new Event(OPEN_RAPID_NAVIGATION_EVENT));
}

export function RapidNavigation() {
  const [isOpen, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    const offered = () => {
      const user = queryClient.getQueryData(authQueries.currentUser().queryKey);
      return user === undefined || offersRapidNavigation(user);
    };
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k' && offered()) {
        event.preventDefault();
        setLoaded(true);
        setOpen((open) => !open);
      }
    };
    const onOpen = () => {
      if (!offered()) return;
      setLoaded(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_RAPID_NAVIGATION_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_RAPID_NAVIGATION_EVENT, onOpen);
    };
  }, [queryClient]);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Omnibar isOpen={isOpen} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
