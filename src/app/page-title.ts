import { useMatches } from 'react-router';
import { isRouteHandle } from './route-handle';

/** The title key (routes namespace) of the deepest matched route that declares one. */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle) && handle.title) return handle.title;
  }
  return undefined;
}
