/**
 * jsdom has no ResizeObserver: a stand-in that remembers the last observer's callback, so a test
 * calls `resize()` where a box would have changed size (after changing the sizes it stubs). Like the
 * browser's, it reports a box once when it starts observing it (there after the next layout). It
 * is called with an empty list of entries, as other code (Blueprint's popovers, through floating-ui)
 * reads them: component test files share one jsdom, so the stand-in can outlive its own file.
 */
import { vi } from 'vitest';

export function stubResizeObserver(): { resize(): void } {
  let callback: ((entries: unknown[]) => void) | undefined;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(observed: (entries: unknown[]) => void) {
        callback = observed;
      }
      observe() {
        callback?.([]);
      }
      unobserve() {}
      disconnect() {}
    },
  );
  return { resize: () => callback?.([]) };
}
