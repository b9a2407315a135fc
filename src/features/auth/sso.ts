/**
 * Single sign-on in the browser: the pending sign-in (its server transaction) is kept in this tab's
 * sessionStorage between leaving for the provider and coming back, then consumed once.
 */
import { request } from '../../api/request';
import { isApiError, serverCode } from '../../api/errors';
import { socialLoginUrl, SSO_ERROR_CODES, type SocialProvider, type SsoErrorCode } from '../../contract/sso';
import { paths } from '../../app/paths';

const PENDING_KEY = 'postroom.sso.pending';

export interface PendingSignIn {
  kind: 'oidc' | 'social';
  intent: 'login' | 'signup';
  transaction: string;
  /** The state we sent (social sign-in), checked again on return. */
  state?: string;
}

export function savePending(pending: PendingSignIn): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
}

/** The pending sign-in, removed so a reload cannot replay it. */
export function takePending(): PendingSignIn | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as PendingSignIn;
  } catch {
    return null;
  }
}

export const absolute = (path: string) => new URL(path, window.location.origin).href;

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Leaves for the social provider's sign-in page. */
export async function startSocialSignIn(provider: SocialProvider, intent: 'login' | 'signup'): Promise<void> {
  const state = randomState();
  const { url, transaction } = await request(socialLoginUrl, {
    params: { provider },
    query: { redirect_url: absolute(paths.oauthGoogle()), state },
  });
  savePending({ kind: 'social', intent, transaction, state });
  window.location.assign(url);
}

/** The SSO error code of a failed call, or undefined for anything else. */
export function ssoErrorCode(error: unknown): SsoErrorCode | undefined {
  const code = serverCode(error);
  return (SSO_ERROR_CODES as readonly unknown[]).includes(code) ? (code as SsoErrorCode) : undefined;
}

/** Whether a `ssoNoAccount` answer says sign-up is open. */
export function signupOffered(error: unknown): boolean {
  return isApiError(error, 'http') && (error.jsonData as { signup?: unknown } | undefined)?.signup === true;
}
