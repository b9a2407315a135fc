/**
 * Entry point. Everything the first render depends on (preferences, language, token, query cache) is
 * read from IndexedDB before React renders, so there is no flash of the wrong theme or language.
 *
 * The start is staged: this module holds only the store and the theme; i18n (the login page's
 * texts), React DOM, the session layer and then the app (router, routes, layouts) are dynamic imports
 * awaited in turn, so the browser evaluates each stage's modules in a task of its own. One static
 * graph was evaluated in a single task of ~40 ms of CPU (80–150 ms wall on a loaded machine), the
 * longest task of the results page (bench:testing-center, README "Testing center — domain rules, test
 * runs, results"). Every chunk is in the service worker's precache, so the stages load offline too.
 * A cold visit to /login without a session stops after React DOM: the login page alone paints, and
 * the app's stages load when the user moves on (src/app/sign-in-start.tsx, bench:shell).
 */
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './ui/styles.css';
import './ui/theme-controls.css';
import './ui/small-screens.css';
import { loadStore, readEntry, storageKeys } from './storage';
import { readPreferences, refreshPreferencesSnapshot } from './storage/preferences';
import { applyPreferences } from './ui/theme';
import { afterFirstPaint } from './ui/after-first-paint';

async function start() {
  // The texts are fetched and evaluated while IndexedDB is read; the app's modules once they are in.
  const i18nStage = import('./i18n/setup');
  await loadStore();
  refreshPreferencesSnapshot();
  const preferences = readPreferences();
  applyPreferences(preferences);
  const { initStartI18n } = await i18nStage;
  // Only the login page's namespaces now; every other one when a screen asks for it (a chunk each,
  // src/i18n/texts/loaders.ts) — docs/development/benchmarks.md.
  await initStartI18n(preferences.language);
  // React DOM, half of the app's start-up code, in a task of its own; then the session layer (request,
  // the contracts' schemas it validates with); then the rest of the app (router, routes, layouts).
  await import('react-dom/client');
  if (location.pathname === '/login' && !readEntry<string>(storageKeys.token)) {
    // A cold visit to sign in: the login page alone, the app once the user moves on (bench:shell).
    (await import('./app/sign-in-start')).startSignIn();
  } else {
    await import('./app/session');
    const { startApp } = await import('./app/start-app');
    await startApp();
  }
  // The service worker (and workbox-window) is not needed for the first paint: registered after it.
  afterFirstPaint(() => void import('./ui/pwa/service-worker').then((module) => module.startServiceWorker()));
  // The login page needs none of the rest: the error table loads with the first error answer
  // (request.ts awaits it); other pages warm it after their first paint. It is precached, so it loads
  // offline too. Dexie is not warmed: writes go straight to IndexedDB (src/storage/direct-write.ts),
  // and the localStorage journal keeps a write made just before a reload.
  if (location.pathname === '/login') return;
  afterFirstPaint(() => void import('./api/errors').then((errors) => errors.loadServerErrorTexts()).catch(() => undefined));
}

void start();
