/** API URLs from contract paths: `{name}` parameters, the query in bracket format, the base URL. */
import { ApiError } from './errors';
import { baseUrl } from './request-layer';

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * Fills `{name}` parameters (URL-encoded), appends the query and prepends the base URL unless the path
 * is already absolute. An empty string counts as missing: it would silently address another resource.
 */
export function buildUrl(path: string, params?: object | null, query?: object | null): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new ApiError('missingParameter', `Missing value for parameter "${name}"`, { url: path });
    }
    return encodeURIComponent(String(value));
  });
  const search = serializeQuery(query);
  const withQuery = search === '' ? filled : `${filled}${filled.includes('?') ? '&' : '?'}${search}`;
  return ABSOLUTE_URL.test(withQuery) ? withQuery : `${baseUrl()}${withQuery}`;
}

/**
 * Bracket format, brackets percent-encoded as URLSearchParams and qs write them (`ids%5B%5D=1`); servers
 * decode it to `ids[]=1`. Nested objects become `filter%5Bname%5D=x`. undefined/null are skipped.
 */
export function serializeQuery(query: object | null | undefined): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) add(`${key}[]`, item);
    } else if (value instanceof Date) {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value.toISOString())}`);
    } else if (typeof value === 'object') {
      for (const [sub, item] of Object.entries(value)) add(`${key}[${sub}]`, item);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(query ?? {})) add(key, value);
  return pairs.join('&');
}
