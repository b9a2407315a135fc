/**
 * Service worker of the console, built by vite-plugin-pwa (injectManifest): the build replaces
 * self.__WB_MANIFEST with the list of emitted files, so after one online visit the console loads and
 * navigates offline. API responses are not cached here: the app persists its own query cache in
 * IndexedDB, and a second, staler copy would only disagree with it.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isApiPath } from '../src/contract/server-paths';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST, {
  ignoreURLParametersMatching: [
    /^utm_/,
    /^fbclid$/,
    // Blueprint's icon fonts are requested as `.woff2?<md5>`; without this they miss the precache
    // and the icons disappear offline.
    /^[0-9a-f]{32}$/,
  ],
});

// Caches of earlier Workbox versions are left behind otherwise.
cleanupOutdatedCaches();

// Every route of the console is client-side, so any navigation gets the precached shell. Server paths
// (API and sign-in redirects) must reach the network: a shell there would hide the real response.
const shell = createHandlerBoundToURL('/index.html');
registerRoute(({ request, url }) => request.mode === 'navigate' && !isApiPath(url.pathname), shell);

// No skipWaiting on install: a new version waits until the user accepts the update prompt, so a page
// never runs against files of another build.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// The first install takes control of the open page at once, so it is offline-ready without a reload.
clientsClaim();
