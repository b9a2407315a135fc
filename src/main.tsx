/**
 * Entry point. Everything the first render depends on (preferences, language, token, query cache) is
 * read from IndexedDB before React renders, so there is no flash of the wrong theme or language.
 */
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './ui/styles.css';
import './ui/theme-controls.css';
import './ui/small-screens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { loadStore, warmStore } from './storage';
import { readPreferences, refreshPreferencesSnapshot } from './storage/preferences';
import { applyPreferences } from './ui/theme';
import { initI18n } from './i18n/setup';
import { queryClient } from './api/query-client';
import { registerMutationDefaults } from './api/mutation-defaults';
import { startQueryPersistence } from './api/persister';
import { configureSessionRequests } from './app/session';
import { routes } from './app/routes';
import { setRouter } from './app/navigation';
import { installIconLoader } from './ui/icons';
import { afterFirstPaint } from './ui/after-first-paint';

async function start() {
  installIconLoader();
  await loadStore();
  refreshPreferencesSnapshot();
  const preferences = readPreferences();
  applyPreferences(preferences);
  await initI18n(preferences.language);
  // TanStack starts believing it is online; an installed console may well open offline.
  onlineManager.setOnline(navigator.onLine);
  configureSessionRequests();
  registerMutationDefaults(queryClient);
  await startQueryPersistence(queryClient);

  const router = createBrowserRouter(routes);
  setRouter(router);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  // The service worker (and workbox-window) is not needed for the first paint: registered after it.
  afterFirstPaint(() => void import('./ui/pwa/service-worker').then((module) => module.startServiceWorker()));
  afterFirstPaint(warmStore);
}

void start();
