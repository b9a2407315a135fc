/**
 * Runs work that the first screen does not need (notification layers, service worker) once the page
 * has painted its first content, so its JavaScript does not compete with the page's own for the
 * network and the main thread. Browsers without paint timing (and tests) run it at once; a page that
 * never paints (a hidden tab) runs it after a few seconds anyway.
 */
const FALLBACK_MS = 3000;

function hasPainted(): boolean {
  return performance.getEntriesByName('first-contentful-paint').length > 0;
}

/** Calls `callback` after the first contentful paint; returns a function that cancels it. */
export function afterFirstPaint(callback: () => void): () => void {
  const paintTiming =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint') === true;
  if (!paintTiming || hasPainted()) {
    callback();
    return () => undefined;
  }
  let settled = false;
  const observer = new PerformanceObserver(() => {
    if (hasPainted()) finish(true);
  });
  const fallback = window.setTimeout(() => finish(true), FALLBACK_MS);
  function finish(run: boolean) {
    if (settled) return;
    settled = true;
    observer.disconnect();
    window.clearTimeout(fallback);
    if (run) callback();
  }
  observer.observe({ type: 'paint', buffered: true });
  return () => finish(false);
}

let painted: Promise<void> | undefined;
/** Settles after the first contentful paint (at once where paint timing does not exist). */
export function firstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    afterFirstPaint(resolve);
  });
  return painted;
}
