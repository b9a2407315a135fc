/**
 * jsdom has no ResizeObserver: a stand-in that remembers the last observer's callback, so a test
 * calls `resize()` where a box would have changed size (after changing the sizes it stubs).
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
      observe() {}
      disconnect() {}
    },
  );
  return { resize: () => callback?.() };
}
