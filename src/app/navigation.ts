/** Holds the router once created, for code outside React (session handlers, the guard). */
import type { createBrowserRouter } from 'react-router';

type Router = ReturnType<typeof createBrowserRouter>;
let current: Router | undefined;

export function setRouter(router: Router): void {
  current = router;
}

export function getRouter(): Router | undefined {
  return current;
}

export function currentPath(): string {
  const location = current?.state.location ?? window.location;
  return location.pathname + location.search + location.hash;
}
