/**
 * Salesforce's OAuth 2.0 web-server flow (the CRM connector's `webServer` type): the org's consent
 * page on the connector's domain (`/services/oauth2/authorize`, PKCE S256 and a single-use `state`),
 * the code exchanged at `/services/oauth2/token`, then the session renewed with the refresh token a
 * minute before it ends. Salesforce's token answers carry no lifetime (the org's session timeout
 * decides, 15 minutes at the shortest), so a session is taken to last 15 minutes; a session that
 * ends sooner answers 401 and is renewed then. A refused renewal (refresh token revoked, connected
 * app changed) is `reauthorize` (§8). Salesforce does not rotate refresh tokens.
 */
import { SALESFORCE_SCOPES, type SalesforceSettings } from '../../../src/contract/integrations-salesforce';
import { ConnectorError } from '../errors';
import { renewToken, type TokenEndpoint } from './oauth-token';
import type { DriverContext } from './types';

const RENEW_BEFORE_MS = 60_000;
/** Salesforce's shortest session timeout: the lifetime assumed when the token answer gives none. */
export const SALESFORCE_SESSION_S = 15 * 60;

export interface SalesforceSession {
  accessToken: string;
  instanceUrl: string;
}

const origin = (url: string) => new URL(url).origin;

/** The connected app at the org's token endpoint, for the redirect URI given (the code exchange) or none (renewals). */
export function salesforceClient(settings: SalesforceSettings, secrets: DriverContext['secrets'], redirectUri = ''): TokenEndpoint {
  if (!secrets.clientSecret) throw new ConnectorError('missingSecret', 'clientSecret');
  return { clientId: settings.clientId, clientSecret: secrets.clientSecret, redirectUri, tokenUrl: `${origin(settings.domain)}/services/oauth2/token`, defaultExpiresInS: SALESFORCE_SESSION_S };
}

/** The org's consent page; the user signs in there and Salesforce sends the browser back with a code. */
export function salesforceAuthorizationUrl(settings: SalesforceSettings, redirectUri: string, state: string, challenge: string): string {
  const url = new URL('/services/oauth2/authorize', origin(settings.domain));
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    scope: SALESFORCE_SCOPES.join(' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** The stored session, renewed first when it ends within a minute (or when `force`d after a 401). */
export async function webServerSession(ctx: DriverContext, settings: SalesforceSettings, force = false): Promise<SalesforceSession> {
  const expiresAt = ctx.secrets.accessTokenExpiresAt ?? 0;
  if (force || !ctx.secrets.accessToken || expiresAt - Date.now() <= RENEW_BEFORE_MS) {
    const renewed = await renewToken(ctx.outbound, salesforceClient(settings, ctx.secrets), ctx.secrets);
    ctx.secrets = renewed;
    await ctx.saveSecrets(renewed);
  }
  // The instance comes with the tokens; the domain serves the API too (My Domain) if it ever did not.
  return { accessToken: ctx.secrets.accessToken!, instanceUrl: ctx.secrets.instanceUrl ?? origin(settings.domain) };
}
