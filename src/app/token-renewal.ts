/**
 * Renews the access token with the refresh token shortly before it expires (issue 3), so a console
 * left open, or an installed one reopened after a while, keeps working without a new sign-in for as
 * long as the refresh token is valid. Offline, nothing is attempted: the cached data stays on screen
 * and renewal happens with the first call once the network is back.
 *
 * The token's `exp` is read without checking its signature: only the server can and does check it;
 * here it only decides when to ask for a new one.
 */
import { decodeJwt } from 'jose';
import { request } from '../api/request';
import { readEntry, storageKeys, writeEntry } from '../storage';

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

/** One renewal at a time, however many calls start together. */
export function renewTokenIfDue(): Promise<void> {
  const token = readEntry<string>(storageKeys.token);
  const refreshToken = readEntry<string>(storageKeys.refreshToken);
  if (!refreshToken || !needsRenewal(token ?? undefined) || !navigator.onLine) return Promise.resolve();
  inFlight ??= renew(refreshToken).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
