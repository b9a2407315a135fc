/**
 * The relying-party side of OpenID Connect, on `openid-client` (v6, by the author of oidc-provider;
 * certified, and it does discovery, PKCE, state and nonce checks and ID token validation for us).
 * One module for every provider: Google is an OpenID provider like an organisation's own.
 *
 * Plain http issuers are refused (discovery and keys fetched over http could be swapped in transit),
 * except on loopback addresses when the settings allow it (a provider on the same machine, as the
 * tests start).
 */
import * as client from 'openid-client';
import { HttpError } from '../http-error';
import type { Transaction, TransactionSealer } from './transactions';

export interface IssuerSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The identity the provider vouches for, from the validated ID token. */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const DISCOVERY_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function unavailable(message: string): HttpError {
  return new HttpError(502, { message, code: 'ssoProviderUnavailable' });
}

/** An issuer that can never work, said as such rather than as a provider that does not answer. */
function issuerRefused(message: string, code: 'ssoIssuerNotUrl' | 'ssoIssuerNotHttps'): HttpError {
  return new HttpError(400, { message, code });
}

function rejected(message: string): HttpError {
  return new HttpError(401, { message, code: 'ssoRejected' });
}

/** An error of openid-client as our answer: the provider said no or broke the protocol (401), or was unreachable (502). */
function protocolFailure(error: unknown): HttpError {
  if (error instanceof client.AuthorizationResponseError) {
    return rejected(`The identity provider refused the sign-in: ${error.error}`);
  }
  if (error instanceof client.ResponseBodyError || error instanceof client.ClientError) {
    return rejected(`The identity provider's answer was refused: ${error.message}`);
  }
  return unavailable('The identity provider could not be reached');
}

export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

export interface OidcClients {
  /** Reads the provider's discovery document (cached ten minutes); 502 when it does not answer. */
  configuration(settings: IssuerSettings): Promise<client.Configuration>;
  start(
    settings: IssuerSettings,
    input: { provider: string; redirectUri: string; state?: string },
  ): Promise<{ url: string; transaction: string }>;
  finish(settings: IssuerSettings, transaction: Transaction, callback: URLSearchParams): Promise<VerifiedIdentity>;
}

export function createOidcClients(sealer: TransactionSealer, allowLoopbackHttp = false): OidcClients {
  const cache = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

  const configuration = async (settings: IssuerSettings): Promise<client.Configuration> => {
    const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
    const cached = cache.get(key);
    if (cached !== undefined && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
    let issuer: URL;
    try {
      issuer = new URL(settings.issuer);
    } catch {
      throw issuerRefused('The identity provider issuer is not a URL', 'ssoIssuerNotUrl');
    }
    const loopbackHttp = allowLoopbackHttp && isLoopbackHttp(issuer);
    if (issuer.protocol !== 'https:' && !loopbackHttp) {
      throw issuerRefused('The identity provider issuer must use https', 'ssoIssuerNotHttps');
    }
    const pending = client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      execute: loopbackHttp ? [client.allowInsecureRequests] : [],
    });
    cache.set(key, { at: Date.now(), configuration: pending });
    try {
      return await pending;
    } catch {
      // A failed discovery is not remembered: the next sign-in tries again.
      cache.delete(key);
      throw unavailable('The identity provider did not answer its discovery document');
    }
  };

  return {
    configuration,

    async start(settings, { provider, redirectUri, state = client.randomState() }) {
      const config = await configuration(settings);
      const codeVerifier = client.randomPKCECodeVerifier();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const transaction = await sealer.seal({ provider, state, nonce, codeVerifier, redirectUri });
      return { url: url.href, transaction };
    },

    async finish(settings, transaction, callback) {
      if (callback.get('state') !== transaction.state) {
        throw new HttpError(400, {
          message: 'The sign-in answer does not belong to this sign-in',
          code: 'ssoTransactionInvalid',
        });
      }
      const config = await configuration(settings);
      const currentUrl = new URL(transaction.redirectUri);
      currentUrl.search = callback.toString();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw protocolFailure(error);
      }
      const idToken = tokens.claims();
      if (idToken === undefined) throw rejected('The identity provider sent no ID token');
      let claims: Record<string, unknown> & { sub: string } = idToken;
      // Conforming providers put scope-requested claims (email, names) in the ID token only when no
      // access token is issued; otherwise they are at the userinfo endpoint, for the same subject.
      if (idToken.email === undefined && config.serverMetadata().userinfo_endpoint !== undefined) {
        try {
          claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), sub: idToken.sub };
        } catch (error) {
          throw protocolFailure(error);
        }
      }
      const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
      return {
        subject: claims.sub,
        email: text(claims.email),
        emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        name: text(claims.name),
      };
    },
  };
}
