import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'virtual:pwa-register';
import { createUpdateStore, getUpdateState, startServiceWorker, type RegisterFunction } from './service-worker';

/** Stands in for the browser side of registerSW: records the callbacks so a test can fire them. */
function fakeRegister() {
  const calls: RegisterSWOptions[] = [];
  const updateCalls: Array<boolean | undefined> = [];
  const register: RegisterFunction = (options) => {
    calls.push(options);
    return async (reloadPage) => {
      updateCalls.push(reloadPage);
    };
  };
  const options = (): RegisterSWOptions => {
    const last = calls.at(-1);
    if (!last) throw new Error('registerSW was not called');
    return last;
  };
  return { register, calls, updateCalls, options };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createUpdateStore', () => {
  it('starts with nothing to report and registers only on start, once', () => {
    const fake = fakeRegister();
    const store = createUpdateStore(fake.register);
    expect(store.getState()).toEqual({ updateAvailable: false, offlineReady: false });
    expect(fake.calls).toHaveLength(0);

    store.start();
    store.start();
    expect(fake.calls).toHaveLength(1);
  });

  it('reports a waiting version and notifies subscribers without reloading', () => {
    const fake = fakeRegister();
    const store = createUpdateStore(fake.register);
    const listener = vi.fn();
    store.subscribe(listener);
    store.start();

    fake.options().onNeedRefresh?.();

    expect(store.getState()).toEqual({ updateAvailable: true, offlineReady: false });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(fake.updateCalls).toEqual([]);
  });

  it('reports offline readiness and lets it be dismissed', () => {
    const fake = fakeRegister();
    const store = createUpdateStore(fake.register);
    store.start();

    fake.options().onOfflineReady?.();
    expect(store.getState().offlineReady).toBe(true);

    store.dismissOfflineReady();
    expect(store.getState().offlineReady).toBe(false);
  });

  it('keeps the same snapshot when nothing changes, as useSyncExternalStore requires', () => {
    const fake = fakeRegister();
    const store = createUpdateStore(fake.register);
    const listener = vi.fn();
    store.subscribe(listener);
    store.start();

    fake.options().onNeedRefresh?.();
    const snapshot = store.getState();
    fake.options().onNeedRefresh?.();

    expect(store.getState()).toBe(snapshot);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('applies the update through the function registerSW returned', async () => {
    const fake = fakeRegister();
    const store = createUpdateStore(fake.register);
    store.start();
    fake.options().onNeedRefresh?.();

    await store.applyUpdate();

    expect(fake.updateCalls).toEqual([true]);
  });

  it('does nothing on applyUpdate before start', async () => {
    const fake = fakeRegister();
    const store = createUpdateStore(fake.register);
    await expect(store.applyUpdate()).resolves.toBeUndefined();
    expect(fake.updateCalls).toEqual([]);
  });

  it('hides a dismissed update until the next one is found', () => {
    const fake = fakeRegister();
    const store = createUpdateStore(fake.register);
    store.start();

    fake.options().onNeedRefresh?.();
    store.dismissUpdate();
    expect(store.getState().updateAvailable).toBe(false);

    fake.options().onNeedRefresh?.();
    expect(store.getState().updateAvailable).toBe(true);
  });

  it('stops notifying after unsubscribe', () => {
    const fake = fakeRegister();
    const store = createUpdateStore(fake.register);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.start();

    unsubscribe();
    fake.options().onNeedRefresh?.();

    expect(listener).not.toHaveBeenCalled();
  });

  it('checks the server for a new worker periodically once registered', async () => {
    vi.useFakeTimers();
    const fake = fakeRegister();
    const store = createUpdateStore(fake.register, { checkIntervalMs: 1000 });
    store.start();
    const update = vi.fn(() => Promise.resolve());
    const registration = { installing: null, update } as unknown as ServiceWorkerRegistration;

    fake.options().onRegisteredSW?.('/sw.js', registration);
    expect(update).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(3000);
    expect(update).toHaveBeenCalledTimes(3);
  });

  it('survives a failed update check', async () => {
    vi.useFakeTimers();
    const fake = fakeRegister();
    const store = createUpdateStore(fake.register, { checkIntervalMs: 1000 });
    store.start();
    const update = vi.fn(() => Promise.reject(new Error('offline')));
    const registration = { installing: null, update } as unknown as ServiceWorkerRegistration;

    fake.options().onRegisteredSW?.('/sw.js', registration);
    await vi.advanceTimersByTimeAsync(2000);

    expect(update).toHaveBeenCalledTimes(2);
  });
});

describe('startServiceWorker', () => {
  it('registers nothing where service workers are unavailable', () => {
    // The node test environment has no navigator.serviceWorker, like an unsupported browser.
    startServiceWorker();
    expect(getUpdateState()).toEqual({ updateAvailable: false, offlineReady: false });
  });
});
