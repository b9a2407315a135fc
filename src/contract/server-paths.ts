/**
 * Which URLs belong to the API and which to the console. The console is a single-page app: the
 * server answers index.html for any GET outside the API and the service worker serves its cached
 * shell for those navigations; API paths always reach the network.
 */
const API_PREFIX = /^\/(?:api|v4|users|oauth|oidc)(?:\/|$)/;

/**
 * Console routes that share a prefix with the API: the identity providers send the browser back to
 * them (src/app/paths.ts `oauthGoogle`, `oidcCallback`). No API endpoint uses these paths.
 */
const CONSOLE_PAGES_UNDER_API_PREFIXES = new Set(['/oauth/google', '/oidc/callback']);

/** `url` may carry a query string; only its path is looked at. */
export function isApiPath(url: string): boolean {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return API_PREFIX.test(path) && !CONSOLE_PAGES_UNDER_API_PREFIXES.has(trimmed);
}
