/**
 * The OAuth 2.0 token endpoint (RFC 6749 §3.2), shared by the connectors: a form POST with the
 * client's id and secret through the outbound guard. Token answers are read, sealed by the caller,
 * and never logged; a refusal keeps only the provider's error code (it holds no secret).
 */
import type { OutboundClient } from '../../outbound/client';
import { ConnectorError } from '../errors';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  tokenUrl: string;
}

export interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
}

export async function tokenRequest(outbound: OutboundClient, client: OAuthClient, form: Record<string, string>, failure: 'authorizationFailed' | 'reauthorize') {
  const response = await outbound.fetch(client.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, ...form }).toString(),
  });
  let answer: TokenAnswer = {};
  try {
    answer = JSON.parse(response.body.toString('utf8')) as TokenAnswer;
  } catch {
    // judged below by its status
  }
  if (response.status !== 200 || typeof answer.access_token !== 'string') {
    // Only the provider's error code is kept: it names the problem and holds no secret.
    throw new ConnectorError(failure, typeof answer.error === 'string' ? answer.error.slice(0, 100) : `HTTP ${response.status}`);
  }
  return answer;
}

export const expiry = (answer: TokenAnswer, now: number) => now + (answer.expires_in ?? 3600) * 1000;

