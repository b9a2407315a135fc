/**
 * What the OAuth connectors (Gmail, Microsoft Graph) share: the access token is renewed a minute
 * before it expires (and once more when the API answers 401 anyway), stored sealed as soon as it
 * arrives, and each call goes through the outbound guard. How a token is renewed is the driver's
 * (a refresh token for Gmail, a new client-credentials grant for Microsoft 365); a renewal that
 * fails throws `reauthorize` (§8 webmail misconfigured).
 */
import type { OutboundResponse } from '../../outbound/client';
import { ConnectorError } from '../errors';
import type { ConnectorSecrets } from '../secrets';
import type { DriverContext } from './types';

const RENEW_BEFORE_MS = 60_000;

/** Gets a new access token from the provider (throws ConnectorError('reauthorize') when refused). */
export type RenewToken = (ctx: DriverContext) => Promise<ConnectorSecrets>;

export async function freshSecrets(ctx: DriverContext, renew: RenewToken, force = false): Promise<ConnectorSecrets> {
  const expiresAt = ctx.secrets.accessTokenExpiresAt ?? 0;
  if (!force && ctx.secrets.accessToken && expiresAt - Date.now() > RENEW_BEFORE_MS) return ctx.secrets;
  const renewed = await renew(ctx);
  ctx.secrets = renewed;
  await ctx.saveSecrets(renewed);
  return renewed;
}

export interface BearerRequest {
  method: string;
  url: string;
  /** JSON-encoded when given. */
  body?: unknown;
  /** `application/json` unless told (Graph's `$value` answers the MIME source). */
  accept?: string;
}

/** Calls the API with a fresh token; a 401 renews the token once and tries again. */
export async function bearerCall(ctx: DriverContext, renew: RenewToken, request: BearerRequest): Promise<OutboundResponse> {
  const call = (token: string) =>
    ctx.outbound.fetch(request.url, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: request.accept ?? 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      maxResponseBytes: 40 * 1024 * 1024,
      timeoutMs: 30_000,
    });
  let response = await call((await freshSecrets(ctx, renew)).accessToken!);
  if (response.status === 401) response = await call((await freshSecrets(ctx, renew, true)).accessToken!);
  return response;
}

/** The JSON answer of a successful call; any other status is the connector's health-check failure. */
export function bearerAnswer<T>(response: OutboundResponse, request: Pick<BearerRequest, 'method'>, provider: string): T {
  if (response.status < 200 || response.status >= 300) throw new ConnectorError('healthCheckFailed', `${provider} ${request.method} → HTTP ${response.status}`);
  return JSON.parse(response.body.toString('utf8') || '{}') as T;
}

export async function bearerJson<T>(ctx: DriverContext, renew: RenewToken, request: BearerRequest, provider: string): Promise<T> {
  return bearerAnswer<T>(await bearerCall(ctx, renew, request), request, provider);
}
