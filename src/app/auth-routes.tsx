/**
 * The signed-out pages under the login layout: sign-in, password recovery, SSO callbacks, invitations.
 */
import type { RouteObject } from 'react-router';
import { page } from './route-page';

export const authRoutes: RouteObject[] = [
  page('login', 'login', () => import('../features/auth/login-page').then((m) => m.LoginPage)),
  page('forgot-password', 'forgotPassword', () => import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage)),
  page('reset-password/:token', 'resetPassword', () => import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage)),
  page('oauth/google', 'oauthGoogle', () => import('../features/auth/sso-callback-page').then((m) => m.OAuthGoogleCallbackPage)),
  page('oidc/callback', 'oidcCallback', () => import('../features/auth/sso-callback-page').then((m) => m.OidcCallbackPage)),
  page('invitation/:token', 'invitation', () => import('../features/organisations/invitation-page').then((m) => m.InvitationPage)),
];
