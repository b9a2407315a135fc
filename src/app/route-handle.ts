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
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
