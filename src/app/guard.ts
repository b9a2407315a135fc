/**
 * The navigation guard of spec §2.3, run as the root loader on every navigation:
 * stray tooltips removed, signed-in users kept off login pages, signed-out users sent to Login with
 * their target kept, the user loaded when a token exists and none is loaded (navigation stops if that
 * fails), light users kept in self-service (only the pages marked `lightUsers` open to them), the
 * user identified in product analytics, and a page the user's role may not use (the page table of
 * src/contract/page-access.ts) answered with `{ noAccess: true }`: the root shell then shows the "no
 * access" page instead of loading it, so none of its calls is sent.
 */
import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../contract/auth';
import { isApiError } from '../api/errors';
import { authQueries } from '../features/auth/queries';
import { toast } from '../ui/toasts/toast-service';
import { tr } from '../ui/message';
import { isRouteHandle, type RouteHandle } from './route-handle';
import { forgetOtherSession, hasToken, loginPathKeeping, rememberTarget, takePostLoginTarget } from './session';
import type { Analytics } from './analytics';
import { paths } from './paths';
import { mayOpenPage } from './page-access';

/** What the root loader hands the root shell: whether the page asked for is closed to this user. */
export type GuardResult = { noAccess: true } | null;

export interface GuardDeps {
  routes: RouteObject[];
  queryClient: QueryClient;
  analytics: Analytics;
  /** The location currently shown, or undefined during the first navigation. */
  shownLocation: () => string | undefined;
}

/** The merged handle of the matched routes: the deepest declaration of each field wins. */
export function resolveRouteHandle(routes: RouteObject[], pathname: string): RouteHandle {
  return resolveRoute(routes, pathname).handle;
}

/** The merged handle of the matched routes and the path parameters. */
export function resolveRoute(routes: RouteObject[], pathname: string): { handle: RouteHandle; params: Record<string, string | undefined> } {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handle = matches.reduce<RouteHandle>(
    (merged, match) => (isRouteHandle(match.route.handle) ? { ...merged, ...match.route.handle } : merged),
    { access: 'public' },
  );
  return { handle, params: matches.at(-1)?.params ?? {} };
}

export function removeStrayTooltips(): void {
  document.querySelectorAll('.bp6-tooltip, [role="tooltip"]').forEach((tooltip) => {
    const portal = tooltip.closest('.bp6-portal');
    if (portal) portal.remove();
    else tooltip.remove();
  });
}

// Set when a failed user load sends the router back where it was, so that return trip is let through.
let returningAfterFailure = false;

async function loadUser(deps: GuardDeps, target: string): Promise<User> {
  const options = authQueries.currentUser();
  // A user cached for another token (another sign-in, here or in another tab) is never shown.
  await forgetOtherSession();
  const cached = deps.queryClient.getQueryData(options.queryKey);
  if (cached) return cached;
  try {
    return await deps.queryClient.fetchQuery(options);
  } catch (error) {
    // A 401 was already handled by the session (logout, toast, target kept): go to Login.
    if (isApiError(error, 'http') && error.status === 401) throw redirect(loginPathKeeping(target));
    toast.info({ summary: tr('errors:connectionLost.summary'), detail: tr('errors:connectionLost.navigation') });
    const shown = deps.shownLocation();
    if (shown && shown !== target) {
      returningAfterFailure = true;
      throw redirect(shown);
    }
    throw error;
  }
}

export async function guard(args: LoaderFunctionArgs, deps: GuardDeps): Promise<GuardResult> {
  removeStrayTooltips();
  if (returningAfterFailure) {
    returningAfterFailure = false;
    return null;
  }
  const url = new URL(args.request.url);
  const target = url.pathname + url.search + url.hash;
  const { handle, params } = resolveRoute(deps.routes, url.pathname);

  if (!hasToken()) {
    if (handle.access === 'private') {
      await rememberTarget(target);
      toast.info({ summary: tr('errors:connectionLost.summary'), detail: tr('errors:connectionLost.signInAgain') });
      throw redirect(loginPathKeeping(target));
    }
    return null;
  }

  if (handle.access === 'guest') {
    throw redirect((await takePostLoginTarget()) ?? paths.index());
  }

  const user = await loadUser(deps, target);
  deps.analytics.identify(user);
  // Light users work in /self: every signed-in page of the full console sends them there.
  if (user.isLight && handle.access === 'private' && handle.lightUsers !== true) {
    throw redirect(paths.selfService());
  }
  if (handle.title !== undefined && !mayOpenPage(handle.title, user, params)) {
    // The cached user may predate a right just gained (a project the admin created a moment ago, a
    // profile granted since): ask the server once more before saying no.
    const fresh = await refetchUser(deps);
    if (fresh === null || !mayOpenPage(handle.title, fresh, params)) return { noAccess: true };
  }
  return null;
}

async function refetchUser(deps: GuardDeps): Promise<User | null> {
  try {
    return await deps.queryClient.fetchQuery({ ...authQueries.currentUser(), staleTime: 0 });
  } catch {
    // Offline or refused: the cached rights stand.
    return null;
  }
}

