/**
 * Rapid navigation (Ctrl/Cmd+K): an omnibar over the organisations, projects and environments the user
 * may see (from the API) and the recent pages kept in IndexedDB. It lives in app/ because it combines
 * several features' data. The shortcut is always listened to; the omnibar loads when first opened.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

const Omnibar = lazy(() => import('./rapid-navigation-omnibar'));

export const OPEN_RAPID_NAVIGATION_EVENT = 'postroom:rapid-navigation';

export function openRapidNavigation(): void {
  window.dispatchEvent(new Event(OPEN_RAPID_NAVIGATION_EVENT));
}

export function RapidNavigation() {
  const [isOpen, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setLoaded(true);
        setOpen((open) => !open);
      }
    };
    const onOpen = () => {
      setLoaded(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_RAPID_NAVIGATION_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_RAPID_NAVIGATION_EVENT, onOpen);
    };
  }, []);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Omnibar isOpen={isOpen} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
