/**
 * The app's start once the store and the language are ready (src/main.tsx): session requests, the
 * query cache restored from IndexedDB, the router and the first render. Its modules (routes, contracts,
 * Blueprint, React DOM…) are imported by main.tsx after the store and i18n stages, so the browser
 * evaluates them in a task of their own instead of one long start-up task.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/query-client';
import { registerMutationDefaults } from '../api/mutation-defaults';
import { queryCachePersister, startQueryPersistence } from '../api/persister';
import { configureSessionRequests } from './session';
import { routes } from './routes';
import { setRouter } from './navigation';
import { installIconLoader } from '../ui/icons';
import { nextTask } from '../ui/yield-to-browser';

export async function startApp(): Promise<void> {
  installIconLoader();
  // TanStack starts believing it is online; an installed console may well open offline.
  onlineManager.setOnline(navigator.onLine);
  configureSessionRequests();
  registerMutationDefaults(queryClient);
  await startQueryPersistence(queryClient, queryCachePersister);
  // The task that evaluated this module's graph ends here: creating the router starts the first
  // route's lazy imports (their preload links), a task of its own (bench:what-if's longest task).
  await nextTask();

  const router = createBrowserRouter(routes);
  setRouter(router);

  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, rather than in one task (bench:testing-center's 50 ms longest task).
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
