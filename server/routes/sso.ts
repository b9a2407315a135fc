/**
 * Single sign-on (spec §2.4, §7.2): social sign-in (Google) and each organisation's OpenID Connect
 * identity provider, both finishing with the same session tokens as /api/login_check. The protocol
 * work is in server/sso/oidc-client.ts, the account matching in server/sso/accounts.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  oidcAuthUrl,
  oidcLogin,
  socialLogin,
  socialLoginUrl,
  socialProviders,
  socialSignup,
  type SocialProvider,
} from '../../src/contract/sso';
import { openSession } from '../auth/sessions';
import type { ServerContext } from '../context';
import { HttpError } from '../http-error';
import {
  accountExists,
  createSocialAccount,
  organisationAccount,
  providerForUsername,
  providerOfOrganisation,
  requireEmail,
  socialAccount,
} from '../sso/accounts';
import type { IssuerSettings, VerifiedIdentity } from '../sso/oidc-client';
import type { Transaction } from '../sso/transactions';
import { registerEndpoint } from './register';

const OIDC_PREFIX = 'oidc:';

function invalidTransaction(): HttpError {
  return new HttpError(400, {
    message: 'This sign-in has expired or does not belong to this browser: start again',
    code: 'ssoTransactionInvalid',
  });
}

export function registerSsoRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { settings, oidc, transactions } = ctx.sso;

  const socialSettings = (provider: SocialProvider): IssuerSettings => {
    const configured = settings[provider];
    if (configured === undefined) {
      throw new HttpError(404, { message: `Sign-in with ${provider} is not configured`, code: 'ssoProviderUnknown' });
    }
    return configured;
  };

  const openTransaction = async (token: string, provider: string, redirectUri?: string): Promise<Transaction> => {
    const transaction = await transactions.open(token);
    if (transaction === null || transaction.provider !== provider) throw invalidTransaction();
    if (redirectUri !== undefined && redirectUri !== transaction.redirectUri) throw invalidTransaction();
    return transaction;
  };

  /** Shared by login and sign-up: checks the transaction, then lets the provider vouch for someone. */
  const socialIdentity = async (
    provider: SocialProvider,
    query: { code: string; state: string; iss?: string; redirect_url: string; transaction: string },
  ): Promise<{ email: string; identity: VerifiedIdentity }> => {
    const issuer = socialSettings(provider);
    const transaction = await openTransaction(query.transaction, provider, query.redirect_url);
    const callback = new URLSearchParams({ code: query.code, state: query.state });
    if (query.iss !== undefined) callback.set('iss', query.iss);
    const identity = await oidc.finish(issuer, transaction, callback);
    return { email: requireEmail(identity, true), identity };
  };

  registerEndpoint(app, ctx, socialProviders, () => ({
    providers: (['google'] as const)
      .filter((id) => settings[id] !== undefined)
      .map((id) => ({ id, signup: settings.signupOrganisationId !== undefined })),
  }));

  registerEndpoint(app, ctx, socialLoginUrl, ({ params, query }) =>
    oidc.start(socialSettings(params.provider), {
      provider: params.provider,
      redirectUri: query.redirect_url,
      state: query.state,
    }),
  );

  registerEndpoint(app, ctx, socialLogin, async ({ params, query }) => {
    const { email } = await socialIdentity(params.provider, query);
    return openSession(ctx, await socialAccount(ctx.db, email, settings.signupOrganisationId !== undefined));
  });

  registerEndpoint(app, ctx, socialSignup, async ({ params, query }) => {
    const { email, identity } = await socialIdentity(params.provider, query);
    if (settings.signupOrganisationId === undefined) {
      throw new HttpError(403, { message: 'Sign-up is not open on this server', code: 'ssoSignupClosed' });
    }
    const existing = await socialAccount(ctx.db, email, true).catch(() => null);
    if (existing !== null) throw accountExists();
    return openSession(ctx, await createSocialAccount(ctx.db, settings.signupOrganisationId, email, identity));
  });

  registerEndpoint(app, ctx, oidcAuthUrl, async ({ body }) => {
    const provider = await providerForUsername(ctx.db, ctx.secrets, body.username.trim());
    // An unknown username answers like a user without a provider: the password step then says
    // "wrong username", as it already does for everyone.
    if (provider === null) return { enabled: false as const };
    const started = await oidc.start(provider, {
      provider: `${OIDC_PREFIX}${provider.organisationId}`,
      redirectUri: body.redirectUri,
    });
    return { enabled: true as const, ...started };
  });

  registerEndpoint(app, ctx, oidcLogin, async ({ body }) => {
    const transaction = await transactions.open(body.transaction);
    if (transaction === null || !transaction.provider.startsWith(OIDC_PREFIX)) throw invalidTransaction();
    const provider = await providerOfOrganisation(ctx.db, ctx.secrets, transaction.provider.slice(OIDC_PREFIX.length));
    if (provider === null) {
      throw new HttpError(404, { message: 'The organisation has no identity provider any more', code: 'ssoProviderUnknown' });
    }
    const identity = await oidc.finish(provider, transaction, new URLSearchParams(body.callback));
    return openSession(ctx, await organisationAccount(ctx.db, provider, requireEmail(identity, false)));
  });
}
