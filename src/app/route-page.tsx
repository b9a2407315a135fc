/**
 * The shapes every route file builds its table from: a lazily loaded page with its title, a layout
 * route, and a route open to light users. One line a route keeps the per-area route files readable.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';
import { nextTask } from '../ui/yield-to-browser';

/**
 * A route's chunk loaded from a task of its own. The router starts every matched route's load in
 * the task that creates it (or handles the click); each load appends a `<link rel="modulepreload">`
 * per chunk it needs, a fetch started on the main thread (~0.2–0.7 ms each, 75 for a results page of
 * the testing center). One task per route keeps that start short instead of one task for all of them.
 */
export function inOwnTask<T>(load: () => Promise<T>): () => Promise<T> {
  return () => nextTask().then(load);
}

/** A page loaded on first visit; `path` undefined makes it the index of its parent. */
export function page(path: string | undefined, title: string, load: () => Promise<ComponentType>, extra: Partial<RouteObject> = {}): RouteObject {
  const lazy = inOwnTask(() => load().then((Component) => ({ Component })));
  const handle: RouteHandle = { title };
  return (path === undefined ? { index: true, lazy, handle, ...extra } : { path, lazy, handle, ...extra }) as RouteObject;
}

/** A layout route: its component loads lazily, its pages require a session. */
export function layout(name: RouteHandle['layout'], load: () => Promise<{ Component: ComponentType }>): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy: inOwnTask(load), handle: { layout: name, access: 'private' } satisfies RouteHandle };
}

/** The same route, open to light users too (see `RouteHandle.lightUsers`). */
export function forLightUsers(route: RouteObject): RouteObject {
  return { ...route, handle: { ...(route.handle as RouteHandle), lightUsers: true } satisfies RouteHandle } as RouteObject;
}
