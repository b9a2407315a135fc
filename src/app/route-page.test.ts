import { describe, expect, it, vi } from 'vitest';
import { layout, page } from './route-page';

describe('route loads', () => {
  it('start a page chunk in a task after the one that asked for it, and give its component', async () => {
    const Component = () => null;
    const load = vi.fn(() => Promise.resolve(Component));
    const route = page('somewhere', 'title', load);
    const loading = (route.lazy as () => Promise<unknown>)();
    expect(load).not.toHaveBeenCalled();
    // A microtask turn is not enough: the load waits for a task of its own.
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    await expect(loading).resolves.toEqual({ Component });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('start a layout chunk in a later task too', async () => {
    const Component = () => null;
    const load = vi.fn(() => Promise.resolve({ Component }));
    const route = layout('project', load);
    const loading = (route.lazy as () => Promise<unknown>)();
    expect(load).not.toHaveBeenCalled();
    await expect(loading).resolves.toEqual({ Component });
  });
});
