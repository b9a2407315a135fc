/**
 * The login page's calls to the server, loaded by the page on first use: they bring the auth and SSO
 * contracts (zod schemas) and the SSO helpers, none of which the page needs to paint its first step.
 */
import { request } from '../../api/request';
import { loginCheck } from '../../contract/auth';
import { oidcAuthUrl } from '../../contract/sso';
import { paths } from '../../app/paths';
import { absolute, savePending } from './sso';

export { ssoErrorCode, startSocialSignIn } from './sso';

/** After the username: the organisation's identity provider's sign-in URL, or null for a password. */
export async function oidcSignInUrl(username: string): Promise<string | null> {
  const answer = await request(oidcAuthUrl, { body: { username, redirectUri: absolute(paths.oidcCallback()) } });
  if (!answer.enabled) return null;
  savePending({ kind: 'oidc', intent: 'login', transaction: answer.transaction });
  return answer.url;
}

export function signIn(username: string, password: string) {
  return request(loginCheck, { body: { username, password } });
}
