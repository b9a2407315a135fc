/**
 * A code-split chunk that fails to load (the network dropped before the service worker had cached it)
 * is fetched again when the browser is back online, instead of leaving a layer missing for good.
 */
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve, reject) => {
        window.addEventListener('online', () => void load().then(resolve, reject), { once: true });
      }),
  );
}
