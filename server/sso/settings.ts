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
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';
