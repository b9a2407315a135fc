/** What each route declares about itself: its title key, which layout it belongs to, and who may open it. */
export type LayoutName =
  | 'login'
  | 'private'
  | 'organisation'
  | 'project'
  | 'environment'
  | 'testingCenter'
  | 'selfService'
  | 'none';

/** public: anyone; guest: only signed-out users (login pages); private: a token is required. */
export type RouteAccess = 'public' | 'guest' | 'private';

export interface RouteHandle {
  /** Key in the `routes` namespace; also the page title. */
  title?: string;
  access?: RouteAccess;
  layout?: LayoutName;
  /**
   * A light (self-service) user may open it: the self-service layout, their profile, password and
   * local storage pages, the webmail's OAuth callback. Unset, a signed-in page belongs to the full
   * console, which sends them to /self (the server refuses them its endpoints too).
   */
  lightUsers?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
