/**
 * Renews the access token with the refresh token shortly before it expires, so a console
 * left open, or an installed one reopened after a while, keeps working without a new sign-in for as
 * long as the refresh token is valid. Offline, nothing is attempted: the cached data stays on screen
 * and renewal happens with the first call once the network is back.
 *
 * The token's `exp` is read without checking its signature: only the server can and does check it;
 * here it only decides when to ask for a new one.
 *
 * Refresh tokens rotate: each renewal answers a new pair and spends the refresh token
 * sent; sending a spent one again makes the server end the session. So the new refresh token is
 * stored at once, and renewals are single-flight across every tab of the browser, not only within
 * one: under a Web Lock, a tab first re-reads the tokens from IndexedDB (another tab may have renewed
 * them meanwhile, while this tab's memory still holds the spent one) and renews only if they are
 * still due. The server's short grace for the token just replaced covers what this cannot (an answer
 * lost on the network, a browser without Web Locks).
 */
import { decodeJwt } from 'jose';
import { request } from '../api/request';
import { readEntry, reloadEntries, storageKeys, writeEntry } from '../storage';

/** Renew when less than this is left, so a call never leaves with a token about to lapse. */
export const RENEW_BEFORE_MS = 5 * 60 * 1000;

export function expiresAt(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function needsRenewal(token: string | undefined, now = Date.now()): boolean {
  if (!token) return false;
  const expiry = expiresAt(token);
  return expiry !== null && expiry - now < RENEW_BEFORE_MS;
}

let inFlight: Promise<void> | null = null;

async function renew(refreshToken: string): Promise<void> {
  try {
    // The contract (zod schemas) is imported here, not at start-up: the login page paints without zod.
    const { refreshSession } = await import('../contract/auth');
    const pair = await request(refreshSession, { body: { refresh_token: refreshToken } });
    await writeEntry(storageKeys.token, pair.token);
    await writeEntry(storageKeys.refreshToken, pair.refresh_token);
  } catch (error) {
    // A refused refresh token leaves the old access token: the next call's 401 signs the user out
    // as spec §8 says. A network failure leaves everything for the next attempt.
    console.warn('Token renewal failed', error);
  }
}

const LOCK_NAME = 'postroom-token-renewal';
const TOKEN_KEYS = [storageKeys.token, storageKeys.refreshToken];

function due(): string | null {
  const refreshToken = readEntry<string>(storageKeys.refreshToken);
  return refreshToken && needsRenewal(readEntry<string>(storageKeys.token) ?? undefined) ? refreshToken : null;
}

/** Under the browser-wide lock: the freshest tokens from IndexedDB, then a renewal if still due. */
async function renewAcrossTabs(): Promise<void> {
  await reloadEntries(TOKEN_KEYS).catch(() => undefined);
  const refreshToken = due();
  if (refreshToken !== null) await renew(refreshToken);
}

/** One renewal at a time, however many calls (and tabs) start together. */
export function renewTokenIfDue(): Promise<void> {
  const refreshToken = due();
  if (refreshToken === null || !navigator.onLine) return Promise.resolve();
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  inFlight ??= (locks === undefined ? renew(refreshToken) : locks.request(LOCK_NAME, renewAcrossTabs)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
