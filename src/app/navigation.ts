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

/**
 * Where a move goes before the router exists: the sign-in page of a cold visit paints without it
 * (src/app/sign-in-start.tsx) and, on its first move, starts the app at the new path.
 */
type Handover = (path: string, replace: boolean) => Promise<void>;
let handover: Handover | undefined;

export function setHandover(next: Handover | undefined): void {
  handover = next;
}

/**
 * Moves to `path` in the app: through the router once it exists, else by starting it there; nothing
 * when neither exists (code run outside the console's page, as in tests).
 */
export async function goTo(path: string, { replace = false }: { replace?: boolean } = {}): Promise<void> {
  if (current) await current.navigate(path, { replace });
  else await handover?.(path, replace);
}
