/**
 * The sign-in limits, reserved before the password is checked (throttle.ts):
 * - per client address: at most 100 password checks an hour, whatever the accounts;
 * - per account AND address together: 5 failures in a row are free, then each further attempt waits
 *   twice as long (1 s, 2 s, 4 s … up to 15 min). The count belongs to the pair, so a stranger
 *   hammering an account from their address never delays its owner signing in from another one.
 * Past a limit, sign-in answers 429 with `retryAfter` (seconds) without checking the password.
 */
import type { Database } from '../db/open';
import { clearKey, releaseWindow, reserveBackoff, reserveWindow, type BackoffRule, type WindowRule } from './throttle';

export const ADDRESS_RULE: WindowRule = { limit: 100, windowMs: 60 * 60 * 1000 };
export const PAIR_RULE: BackoffRule = { free: 5, baseDelayMs: 1000, maxDelayMs: 15 * 60 * 1000, quietMs: 60 * 60 * 1000 };

export const addressKey = (ip: string): string => `login-ip:${ip}`;
export const pairKey = (username: string, ip: string): string => `login-pair:${username.trim().toLowerCase()}|${ip}`;

export type LoginSlot = { allowed: true; succeeded(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

/** Reserves one password check for this username from this address, or says how long to wait. */
export async function reserveLoginAttempt(db: Database, username: string, ip: string): Promise<LoginSlot> {
  const address = addressKey(ip);
  const byAddress = await reserveWindow(db, address, ADDRESS_RULE);
  if (!byAddress.allowed) return byAddress;
  const pair = pairKey(username, ip);
  const byPair = await reserveBackoff(db, pair, PAIR_RULE);
  if (!byPair.allowed) {
    // No password was checked: this attempt does not use up the address's hourly budget.
    await releaseWindow(db, address);
    return byPair;
  }
  return {
    allowed: true,
    // A right password resets the pair's backoff and gives the address its check back: the cap
    // counts failures, so a busy office behind one address is not limited by its own sign-ins.
    succeeded: async () => {
      await clearKey(db, pair);
      await releaseWindow(db, address);
    },
  };
}
