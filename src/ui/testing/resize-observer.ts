/**
 * jsdom has no ResizeObserver: a stand-in that remembers the last observer's callback, so a test
 * calls `resize()` where a box would have changed size (after changing the sizes it stubs). Like the
 * browser's, it reports a box once when it starts observing it (there after the next layout).
 */
import { vi } from 'vitest';

export function stubResizeObserver(): { resize(): void } {
  let callback: (() => void) | undefined;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(observed: () => void) {
        callback = observed;
      }
      observe() {
        callback?.();
      }
      disconnect() {}
    },
  );
  return { resize: () => callback?.() };
}
