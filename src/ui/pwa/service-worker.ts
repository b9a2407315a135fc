/**
 * Service worker registration and the "new version available" state, as a tiny store for
 * useSyncExternalStore. The store logic takes the register function as a parameter so it can be
 * tested without a browser; the module instance below uses vite-plugin-pwa's registerSW.
 */
import { registerSW, type RegisterSWOptions } from 'virtual:pwa-register';

export interface UpdateState {
  readonly updateAvailable: boolean;
  readonly offlineReady: boolean;
}

/** Shape of vite-plugin-pwa's registerSW: the returned function activates the waiting worker. */
export type RegisterFunction = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

export interface UpdateStoreOptions {
  /** How often an open console asks the server for a new service worker; 0 disables it. */
  checkIntervalMs?: number;
}

export interface UpdateStore {
  subscribe(listener: () => void): () => void;
  getState(): UpdateState;
  start(): void;
  applyUpdate(): Promise<void>;
  dismissUpdate(): void;
  dismissOfflineReady(): void;
}

const HOUR = 60 * 60 * 1000;

export function createUpdateStore(register: RegisterFunction, options: UpdateStoreOptions = {}): UpdateStore {
  const checkIntervalMs = options.checkIntervalMs ?? HOUR;
  const listeners = new Set<() => void>();
  // Replaced, never mutated, so useSyncExternalStore sees a new snapshot only on a real change.
  let state: UpdateState = { updateAvailable: false, offlineReady: false };
  let updateSW: ((reloadPage?: boolean) => Promise<void>) | undefined;

  function set(patch: Partial<UpdateState>): void {
    const next = { ...state, ...patch };
    if (next.updateAvailable === state.updateAvailable && next.offlineReady === state.offlineReady) return;
    state = next;
    for (const listener of [...listeners]) listener();
  }

  function watchForUpdates(registration: ServiceWorkerRegistration | undefined): void {
    if (!registration || checkIntervalMs <= 0) return;
    // Consoles stay open for days; without this a deployed fix would only be seen after a restart.
    setInterval(() => {
      if (registration.installing || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
      registration.update().catch(() => {
        // Offline or server down: the next tick tries again.
      });
    }, checkIntervalMs);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    start() {
      if (updateSW) return;
      updateSW = register({
        // The page decides when to reload (the user's "Reload"), never the worker.
        onNeedRefresh: () => set({ updateAvailable: true }),
        onOfflineReady: () => set({ offlineReady: true }),
        onRegisteredSW: (_url, registration) => watchForUpdates(registration),
        onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
      });
    },
    async applyUpdate() {
      // Posts SKIP_WAITING to the waiting worker; registerSW reloads once it takes control.
      await updateSW?.(true);
    },
    // The waiting worker stays; it takes over when every console tab is closed, or on the next prompt.
    dismissUpdate: () => set({ updateAvailable: false }),
    dismissOfflineReady: () => set({ offlineReady: false }),
  };
}

const store = createUpdateStore(registerSW);

export const subscribeUpdate = store.subscribe;
export const getUpdateState = store.getState;
export const applyUpdate = store.applyUpdate;
export const dismissUpdate = store.dismissUpdate;
export const dismissOfflineReady = store.dismissOfflineReady;

/** Call once at app start. No worker in dev (it would serve stale modules) nor where unsupported. */
export function startServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  store.start();
}
