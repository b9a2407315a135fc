/**
 * Google's OAuth 2.0 code flow for installed and web apps, with PKCE (S256) and `state` (RFC 7636,
 * RFC 6749 §10.12): the authorization URL, the code exchange and the token renewal (the token
 * request itself: oauth-token.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TokenEndpoint } from './oauth-token';

/** Read mail, add labels, write drafts. */
export const GMAIL_SCOPE = 'https://www.googleapis.com/auth/gmail.modify';

export type OAuthClient = TokenEndpoint;

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

// The token endpoint is the same for every provider (oauth-token.ts); Google takes a form body.
export { exchangeCode, renewToken } from './oauth-token';
