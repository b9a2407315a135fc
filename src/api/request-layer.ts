/**
 * The request layer's configuration: credentials, the API origin and the session reactions, injected
 * once at start-up (src/app/session.ts) so the layer imports nothing from the router or the UI.
 */
import { apiBaseUrl } from './config';
import type { ApiError } from './errors';

export interface Credentials {
  token?: string | null;
  switchUser?: string | null;
}

export interface RequestHandlers {
  /** HTTP 401 on a request that carried a token. */
  onUnauthorized?(error: ApiError): void | Promise<void>;
  /** HTTP 403 on a request that carried a token. */
  onForbidden?(error: ApiError): void | Promise<void>;
  /** HTTP 410, with or without a token; the refresh token comes from the response body. */
  onGone?(error: ApiError, refreshToken: string | undefined): void | Promise<void>;
}

export interface RequestLayerConfig {
  /** Overrides `VITE_API_BASE_URL`. */
  baseUrl?: string;
  getCredentials: () => Credentials;
  /**
   * The language the reader chose (their preference, per browser), sent as Accept-Language with every
   * call: the server answers its messages and names what it creates (a self-service project) in it.
   */
  getLanguage?: () => string;
  /**
   * Awaited before every call that is not public, before credentials are read: the session renews
   * an access token about to expire here. Its failure never blocks the call.
   */
  beforeAuthenticatedCall?: () => Promise<void>;
  handlers?: RequestHandlers;
}

let layer: RequestLayerConfig = { getCredentials: () => ({}) };

/** Called once at start-up (and by tests); replaces the previous configuration entirely. */
export function configureRequestLayer(config: RequestLayerConfig): void {
  layer = config;
}

/** The configuration in force (read at every call: tests and the session may replace it). */
export function requestLayer(): RequestLayerConfig {
  return layer;
}

/** Where API paths are sent: the configured base URL, else `VITE_API_BASE_URL`, without a trailing slash. */
export function baseUrl(): string {
  return layer.baseUrl === undefined ? apiBaseUrl() : layer.baseUrl.replace(/\/+$/, '');
}
