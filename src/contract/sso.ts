/**
 * Single sign-on (spec §2.4 Login, §7.2): social sign-in (Google) and the OpenID Connect identity
 * provider of the user's organisation, plus the organisation admin's settings of that provider.
 *
 * Every flow hands the console a `transaction`: an encrypted, ten-minute token holding the state,
 * nonce and PKCE verifier of that sign-in. The console keeps it in the tab's sessionStorage and sends
 * it back with the provider's answer, so a sign-in can only be finished by the browser that started
 * it (no login CSRF) and the server keeps nothing between the two calls.
 *
 * Error codes (`code` of a 4xx/5xx body), translated by the console: ssoProviderUnknown,
 * ssoTransactionInvalid, ssoRejected, ssoProviderUnavailable, ssoNoAccount, ssoEmailUnverified,
 * ssoSignupClosed, ssoAccountExists.
 */
import { z } from 'zod';
import { access, defineEndpoint, plainText } from './define';
import { SSO_ERROR_CODES } from './error-code-lists';
import { socialProvidersCall } from './sso-public';
export { SSO_ERROR_CODES } from './error-code-lists';

export const SOCIAL_PROVIDERS = ['google'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

const sessionTokens = z.object({ token: z.string(), refresh_token: z.string() });
const absoluteUrl = z.url({ protocol: /^https?$/ });

export const socialProviders = defineEndpoint({
  ...socialProvidersCall,
  response: z.object({
    providers: z.array(z.object({ id: socialProviderSchema, signup: z.boolean() })),
  }),
});

export const socialLoginUrl = defineEndpoint({
  id: 'sso.socialLoginUrl',
  method: 'GET',
  path: '/oauth/login_url/{provider}',
  summary: 'The URL of the social provider to send the browser to, and the transaction to send back after',
  access: access.public,
  params: z.object({ provider: socialProviderSchema }),
  query: z.object({
    redirect_url: absoluteUrl,
    /** The console's own state value; the server makes one when absent. */
    state: z.string().min(16).max(256).optional(),
  }),
  response: z.object({ url: z.string(), transaction: z.string() }),
});

/** What the provider sent back to the console's oauth page, with the transaction of login_url. */
const socialCallbackQuery = z.object({
  code: z.string().min(1),
  state: z.string().min(1),
  /** RFC 9207: sent by providers that announce it; checked when they do. */
  iss: z.string().optional(),
  redirect_url: absoluteUrl,
  transaction: z.string().min(1),
});

export const socialLogin = defineEndpoint({
  id: 'sso.socialLogin',
  method: 'GET',
  path: '/oauth/login/{provider}',
  summary: 'Sign in the existing account whose email the social provider vouches for',
  access: access.public,
  params: z.object({ provider: socialProviderSchema }),
  query: socialCallbackQuery,
  response: sessionTokens,
});

export const socialSignup = defineEndpoint({
  id: 'sso.socialSignup',
  method: 'GET',
  path: '/oauth/signup/{provider}',
  summary: 'Create a self-service account from the social provider identity, in the sign-up organisation',
  access: access.public,
  params: z.object({ provider: socialProviderSchema }),
  query: socialCallbackQuery,
  response: sessionTokens,
});

export const oidcAuthUrl = defineEndpoint({
  id: 'sso.oidcAuthUrl',
  method: 'POST',
  path: '/oidc/authUrl',
  summary: "Whether the user's organisation signs in through its identity provider, and the URL to go to",
  access: access.public,
  body: z.object({ username: plainText().min(1).max(320), redirectUri: absoluteUrl }),
  response: z.discriminatedUnion('enabled', [
    z.object({ enabled: z.literal(false) }),
    z.object({ enabled: z.literal(true), url: z.string(), transaction: z.string() }),
  ]),
});

export const oidcLogin = defineEndpoint({
  id: 'sso.oidcLogin',
  method: 'POST',
  path: '/oidc/login',
  summary: "Finish an identity provider sign-in: the callback's query parameters and the transaction",
  access: access.public,
  body: z.object({
    /** Every query parameter the identity provider put on the callback URL (code, state, iss, error…). */
    callback: z.record(z.string(), z.string()),
    transaction: z.string().min(1),
  }),
  response: sessionTokens,
});

export const identityProviderSchema = z.object({
  issuer: absoluteUrl,
  clientId: z.string().min(1).max(512),
  /** Lower-case domain without "@"; only members with an email there use the provider. */
  emailDomain: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'a lower-case domain such as example.com')
    .nullable(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

export const getIdentityProvider = defineEndpoint({
  id: 'identityProviders.get',
  method: 'GET',
  path: '/v4/console/api/organisations/{orgaId}/identity-provider',
  summary: "The organisation's OpenID Connect identity provider (never its secret); null when none (an answer, not an error: the settings page asks on every visit)",
  access: access.organisation('orgaId', 'admin'),
  params: z.object({ orgaId: z.string() }),
  response: identityProviderSchema.nullable(),
});

export const putIdentityProvider = defineEndpoint({
  id: 'identityProviders.put',
  method: 'PUT',
  path: '/v4/console/api/organisations/{orgaId}/identity-provider',
  summary:
    "Set the organisation's OpenID Connect identity provider; the issuer must answer discovery. The client secret is write-only: left out, the stored one is kept (required the first time)",
  access: access.organisation('orgaId', 'admin'),
  params: z.object({ orgaId: z.string() }),
  body: identityProviderSchema.extend({ clientSecret: z.string().min(1).max(1024).optional() }),
  response: identityProviderSchema,
});

export const deleteIdentityProvider = defineEndpoint({
  id: 'identityProviders.delete',
  method: 'DELETE',
  path: '/v4/console/api/organisations/{orgaId}/identity-provider',
  summary: "Remove the organisation's identity provider: its members sign in with passwords again",
  access: access.organisation('orgaId', 'admin'),
  params: z.object({ orgaId: z.string() }),
});
