/** Where the API lives. Read at call time so tests can stub the environment. */

/**
 * The API base URL from `VITE_API_BASE_URL`, without a trailing slash; '' means same origin.
 * `import.meta.env` exists both in the Vite build and under vitest.
 */
export function apiBaseUrl(): string {
  const value: unknown = import.meta.env?.VITE_API_BASE_URL;
  return typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '';
}
