/**
 * OAuth 2.0 sign-in of the mail-server connector (IMAP and SMTP with SASL XOAUTH2 / OAUTHBEARER):
 * the provider's pages and scopes (a preset for Google and Microsoft, or the settings' own), the
 * consent-page URL with PKCE and state, and the renewal of the access token before it expires
 * (oauth-token.ts, bearer-api.ts `freshSecrets`); a refused renewal asks to reauthorize (§8).
 */
import type { ImapSettings } from '../../../src/contract/integrations';
import { ConnectorError } from '../errors';
import type { ConnectorSecrets } from '../secrets';
import type { IntegrationSettings } from '../settings';
import { freshSecrets, type RenewToken } from './bearer-api';
import { renewToken, type OAuthClient } from './oauth-token';
import type { DriverContext } from './types';

/** Google: the whole mailbox over IMAP and SMTP (the only scope Gmail's IMAP accepts). */
export const GOOGLE_MAIL_SCOPE = 'https://mail.google.com/';
/** Microsoft: delegated IMAP and SMTP access, and a refresh token. */
export const MICROSOFT_MAIL_SCOPES = 'https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access';

interface ProviderPages {
  authorizationUrl: string;
  tokenUrl: string;
  scopes: string;
  /** Parameters the provider needs to hand out a refresh token. */
  extra: Record<string, string>;
}

export function providerPages(settings: ImapSettings, integrations: IntegrationSettings): ProviderPages {
  const { oauth } = settings;
  if (oauth.provider === 'google') {
    return { authorizationUrl: integrations.googleAuthorizeUrl, tokenUrl: integrations.googleTokenUrl, scopes: oauth.scopes || GOOGLE_MAIL_SCOPE, extra: { access_type: 'offline', prompt: 'consent' } };
  }
  if (oauth.provider === 'microsoft') {
    const tenant = `${integrations.m365LoginUrl}/${encodeURIComponent(oauth.tenant)}/oauth2/v2.0`;
    return { authorizationUrl: `${tenant}/authorize`, tokenUrl: `${tenant}/token`, scopes: oauth.scopes || MICROSOFT_MAIL_SCOPES, extra: {} };
  }
  return { authorizationUrl: oauth.authorizationUrl, tokenUrl: oauth.tokenUrl, scopes: oauth.scopes, extra: {} };
}

const imapOf = (ctx: Pick<DriverContext, 'settings'>): ImapSettings => {
  if (ctx.settings.type !== 'imap') throw new Error('not a mail-server connector');
  return ctx.settings.imap;
};

export function mailOAuthClient(ctx: Pick<DriverContext, 'settings' | 'secrets' | 'integrations'>, redirectUri = ''): OAuthClient {
  const settings = imapOf(ctx);
  if (!ctx.secrets.clientSecret) throw new ConnectorError('missingSecret', 'clientSecret');
  return { clientId: settings.oauth.clientId, clientSecret: ctx.secrets.clientSecret, redirectUri, tokenUrl: providerPages(settings, ctx.integrations).tokenUrl };
}

export function mailAuthorizationUrl(ctx: DriverContext, redirectUri: string, state: string, challenge: string): string {
  const settings = imapOf(ctx);
  const pages = providerPages(settings, ctx.integrations);
  const client = mailOAuthClient(ctx, redirectUri);
  const url = new URL(pages.authorizationUrl);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: pages.scopes,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    login_hint: settings.user,
    ...pages.extra,
  }).toString();
  return url.toString();
}

export const renewMailToken: RenewToken = (ctx): Promise<ConnectorSecrets> => renewToken(ctx.outbound, mailOAuthClient(ctx), ctx.secrets);

/** What IMAP and SMTP sign in with: the password, or a fresh access token (SASL XOAUTH2 / OAUTHBEARER). */
export type MailLogin = { user: string; pass: string } | { user: string; accessToken: string };

export async function mailLogin(ctx: DriverContext, forceRenewal = false): Promise<MailLogin> {
  const settings = imapOf(ctx);
  if (settings.auth === 'oauth2') {
    if (!ctx.secrets.refreshToken) throw new ConnectorError('connectorNotAuthorized');
    const fresh = await freshSecrets(ctx, renewMailToken, forceRenewal);
    return { user: settings.user, accessToken: fresh.accessToken! };
  }
  if (!ctx.secrets.password) throw new ConnectorError('missingSecret', 'password');
  return { user: settings.user, pass: ctx.secrets.password };
}
