/**
 * Google's OAuth 2.0 code flow for installed and web apps, with PKCE (S256) and `state` (RFC 7636,
 * RFC 6749 §10.12): the authorization URL, the code exchange and the token renewal (the token
 * request itself: oauth-token.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { OutboundClient } from '../../outbound/client';
import { ConnectorError } from '../errors';
import type { ConnectorSecrets } from '../secrets';
import { expiry, tokenRequest, type OAuthClient } from './oauth-token';

export type { OAuthClient } from './oauth-token';

/** Read mail, add labels, write drafts. */
export const GMAIL_SCOPE = 'https://www.googleapis.com/auth/gmail.modify';

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizationUrl(authorizeUrl: string, client: Omit<OAuthClient, 'clientSecret' | 'tokenUrl'>, state: string, challenge: string, user: string): string {
  const url = new URL(authorizeUrl);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: GMAIL_SCOPE,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    // A refresh token, every time the user consents again (reauthorize).
    access_type: 'offline',
    prompt: 'consent',
    login_hint: user,
  }).toString();
  return url.toString();
}

export async function exchangeCode(outbound: OutboundClient, client: OAuthClient, code: string, verifier: string, stored: ConnectorSecrets): Promise<ConnectorSecrets> {
  const answer = await tokenRequest(outbound, client, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, code_verifier: verifier }, 'authorizationFailed');
  if (typeof answer.refresh_token !== 'string') throw new ConnectorError('authorizationFailed', 'no_refresh_token');
  const { pkceVerifier: _used, ...rest } = stored;
  return { ...rest, accessToken: answer.access_token!, refreshToken: answer.refresh_token, accessTokenExpiresAt: expiry(answer, Date.now()) };
}

export async function renewToken(outbound: OutboundClient, client: OAuthClient, stored: ConnectorSecrets): Promise<ConnectorSecrets> {
  if (!stored.refreshToken) throw new ConnectorError('reauthorize', 'no_refresh_token');
  const answer = await tokenRequest(outbound, client, { grant_type: 'refresh_token', refresh_token: stored.refreshToken }, 'reauthorize');
  return {
    ...stored,
    accessToken: answer.access_token!,
    // Google may send a new refresh token; keep the old one otherwise.
    refreshToken: answer.refresh_token ?? stored.refreshToken,
    accessTokenExpiresAt: expiry(answer, Date.now()),
  };
}
