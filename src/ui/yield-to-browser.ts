/**
 * Ways for long work to let the browser paint and answer the user first. Both resolve in a task of
 * their own, so what follows the `await` does not lengthen the task that called them.
 */

/** Settles in a later task (after whatever the browser has queued: input, rendering). */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Settles once the next frame has been painted: what React committed before the call is on screen
 * before the work that follows starts. Where frames do not come (a hidden tab), after a task anyway.
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return nextTask();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
