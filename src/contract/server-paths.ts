/**
 * Paths answered by the server rather than by the console's router. The service worker lets these
 * navigations reach the network and the server's SPA fallback leaves them alone; everything else is a
 * console route. `/oauth/google` and `/oidc/callback` are console pages, so only the API forms match.
 */
export const serverPaths: RegExp[] = [
  /^\/api\//,
  /^\/v4\//,
  /^\/users\//,
  /^\/oauth\/(login_url|login|signup)\//,
  /^\/oidc\/(authUrl|login)$/,
];

export function isServerPath(pathname: string): boolean {
  return serverPaths.some((pattern) => pattern.test(pathname));
}
