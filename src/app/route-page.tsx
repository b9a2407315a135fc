/**
 * The shapes every route file builds its table from: a lazily loaded page with its title, a layout
 * route, and a route open to light users. One line a route keeps the per-area route files readable.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

/** A page loaded on first visit; `path` undefined makes it the index of its parent. */
export function page(path: string | undefined, title: string, load: () => Promise<ComponentType>, extra: Partial<RouteObject> = {}): RouteObject {
  const lazy = () => load().then((Component) => ({ Component }));
  const handle: RouteHandle = { title };
  return (path === undefined ? { index: true, lazy, handle, ...extra } : { path, lazy, handle, ...extra }) as RouteObject;
}

/** A layout route: its component loads lazily, its pages require a session. */
export function layout(name: RouteHandle['layout'], load: () => Promise<{ Component: ComponentType }>): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy: load, handle: { layout: name, access: 'private' } satisfies RouteHandle };
}

/** The same route, open to light users too (see `RouteHandle.lightUsers`). */
export function forLightUsers(route: RouteObject): RouteObject {
  return { ...route, handle: { ...(route.handle as RouteHandle), lightUsers: true } satisfies RouteHandle } as RouteObject;
}
