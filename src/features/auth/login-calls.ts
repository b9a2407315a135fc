/**
 * The login page's calls to the server, loaded by the page on first use: they bring the auth and SSO
 * contracts (zod schemas), the session and the query client, none of which the page needs to paint.
 */
import { request } from '../../api/request';
import { queryClient } from '../../api/query-client';
import { loginCheck } from '../../contract/auth';
import { oidcAuthUrl } from '../../contract/sso';
import { defaultRedirect, paths } from '../../app/paths';
import { ensureSessionRequests, startSession, takePostLoginTarget } from '../../app/session';
import { authQueries } from './queries';
import { absolute, savePending } from './sso';

export { ssoErrorCode, startSocialSignIn } from './sso';

// Before the first call: the sign-in page of a cold visit calls before the app has started.
ensureSessionRequests();

/** After the username: the organisation's identity provider's sign-in URL, or null for a password. */
export async function oidcSignInUrl(username: string): Promise<string | null> {
  const answer = await request(oidcAuthUrl, { body: { username, redirectUri: absolute(paths.oidcCallback()) } });
  if (!answer.enabled) return null;
  savePending({ kind: 'oidc', intent: 'login', transaction: answer.transaction });
  return answer.url;
}

/** Signs in and starts the session; returns where the user goes next. */
export async function signIn(username: string, password: string): Promise<string> {
  const tokens = await request(loginCheck, { body: { username, password } });
  await startSession({ token: tokens.token, refreshToken: tokens.refresh_token });
  const user = await queryClient.fetchQuery(authQueries.currentUser());
  const target = await takePostLoginTarget();
  return target ?? defaultRedirect({ hasToken: true, isLight: user.isLight });
}
