/**
 * Every declared endpoint, in one list: the server registers and documents (OpenAPI) from it and
 * its tests check that each one is implemented. Add a new area's declarations here.
 */
import type { Endpoint } from './define';
import { currentUser, loginCheck, refreshSession } from './auth';
import { changePassword, forgotPasswordCheck, forgotPasswordReset, forgotPasswordSend } from './passwords';
import { getEnvironment } from './environments';
import {
  deleteIdentityProvider,
  getIdentityProvider,
  oidcAuthUrl,
  oidcLogin,
  putIdentityProvider,
  socialLogin,
  socialLoginUrl,
  socialProviders,
  socialSignup,
} from './sso';

export * from './define';
export * from './auth';
export * from './environments';
export * from './passwords';
export * from './sso';

export const allEndpoints: readonly Endpoint[] = [
  loginCheck,
  refreshSession,
  currentUser,
  forgotPasswordSend,
  forgotPasswordCheck,
  forgotPasswordReset,
  changePassword,
  getEnvironment,
  socialProviders,
  socialLoginUrl,
  socialLogin,
  socialSignup,
  oidcAuthUrl,
  oidcLogin,
  getIdentityProvider,
  putIdentityProvider,
  deleteIdentityProvider,
];
