/** Single sign-on settings of a server (read from the environment by server/config.ts). */
import type { IssuerSettings } from './oidc-client';

export interface SsoSettings {
  /** Google sign-in; absent when no client id and secret are configured. */
  google?: IssuerSettings;
  /**
   * The organisation that social sign-up (`/oauth/signup/{provider}`) adds new accounts to, as
   * self-service users. Absent: sign-up is closed and refused with `ssoSignupClosed`.
   */
  signupOrganisationId?: string;
  /**
   * Accept plain-http issuers on loopback addresses (tests, a provider on the same machine). Off by
   * default: otherwise an organisation admin could make the server probe its own local ports.
   */
  allowLoopbackHttp?: boolean;
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';
