/**
 * The OAuth 2.0 token endpoint (RFC 6749 §3.2, §4.1.3, §6), shared by the connectors: the code
 * exchange, the renewal and any other grant (Microsoft's client credentials), with the client's id
 * and secret, through the outbound guard. Providers differ only in the body's encoding (Google and
 * Microsoft take a form, Atlassian JSON) and in whether they rotate refresh tokens (a new one then
 * replaces the old). Token answers are read, sealed by the caller, and never logged; a refusal keeps
 * only the provider's error code (it holds no secret).
 */
import type { OutboundClient } from '../../outbound/client';
import { ConnectorError } from '../errors';
import type { ConnectorSecrets } from '../secrets';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  tokenUrl: string;
  /** How the request body is encoded (default: form). */
  encoding?: 'form' | 'json';
  /** The token's lifetime when the answer gives none (default 3600 s; Salesforce never says: the org's session timeout). */
  defaultExpiresInS?: number;
}
export type TokenEndpoint = OAuthClient;

export interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  /** Salesforce: the org's instance the token is for (its REST API's origin). */
  instance_url?: string;
  error?: string;
}

export async function tokenRequest(outbound: OutboundClient, client: OAuthClient, fields: Record<string, string>, failure: 'authorizationFailed' | 'reauthorize') {
  const payload = { client_id: client.clientId, client_secret: client.clientSecret, ...fields };
  const json = client.encoding === 'json';
  const response = await outbound.fetch(client.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: json ? JSON.stringify(payload) : new URLSearchParams(payload).toString(),
  });
  let answer: TokenAnswer = {};
  try {
    answer = JSON.parse(response.body.toString('utf8')) as TokenAnswer;
  } catch {
    // judged below by its status
  }
  if (response.status !== 200 || typeof answer.access_token !== 'string') {
    throw new ConnectorError(failure, typeof answer.error === 'string' ? answer.error.slice(0, 100) : `HTTP ${response.status}`);
  }
  return answer;
}

export const expiry = (answer: TokenAnswer, now: number, fallbackS = 3600) => now + (answer.expires_in ?? fallbackS) * 1000;

/** Salesforce's instance URL when the answer names one (kept with the tokens). */
const instanceOf = (answer: TokenAnswer) => (typeof answer.instance_url === 'string' && URL.canParse(answer.instance_url) ? { instanceUrl: new URL(answer.instance_url).origin } : {});

/** Trades the authorization code (with its PKCE verifier) for tokens; the verifier is then forgotten. */
export async function exchangeCode(outbound: OutboundClient, client: OAuthClient, code: string, verifier: string, stored: ConnectorSecrets): Promise<ConnectorSecrets> {
  const answer = await tokenRequest(outbound, client, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, code_verifier: verifier }, 'authorizationFailed');
  if (typeof answer.refresh_token !== 'string') throw new ConnectorError('authorizationFailed', 'no_refresh_token');
  const { pkceVerifier: _used, ...rest } = stored;
  return { ...rest, ...instanceOf(answer), accessToken: answer.access_token!, refreshToken: answer.refresh_token, accessTokenExpiresAt: expiry(answer, Date.now(), client.defaultExpiresInS) };
}

/** A new access token from the refresh token; a provider that rotates it sends a new refresh token too. */
export async function renewToken(outbound: OutboundClient, client: OAuthClient, stored: ConnectorSecrets): Promise<ConnectorSecrets> {
  if (!stored.refreshToken) throw new ConnectorError('reauthorize', 'no_refresh_token');
  const answer = await tokenRequest(outbound, client, { grant_type: 'refresh_token', refresh_token: stored.refreshToken }, 'reauthorize');
  return { ...stored, ...instanceOf(answer), accessToken: answer.access_token!, refreshToken: answer.refresh_token ?? stored.refreshToken, accessTokenExpiresAt: expiry(answer, Date.now(), client.defaultExpiresInS) };
}
