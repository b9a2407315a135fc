/**
 * Password hashing with scrypt from node:crypto (memory-hard, no native add-on to install).
 * Stored form: `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`, so the cost can be raised
 * later without breaking existing hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { brokenPasswordRules } from '../../src/contract/passwords';
import { HttpError } from '../http-error';

const PREFIX = 'scrypt';
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** N = 2^15, r = 8, p = 1: about 32 MiB and a few tens of milliseconds per hash. */
const DEFAULT_COST = { log2N: 15, r: 8, p: 1 };

/** How many scrypt derivations this process ran: what the sign-in limit and timing tests count. */
export const hashingStats = { derivations: 0 };

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  hashingStats.derivations += 1;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function scryptOptions(log2N: number, r: number, p: number): ScryptOptions {
  // Node refuses N * r * 128 above maxmem (32 MiB by default); give it room for our cost.
  return { N: 2 ** log2N, r, p, maxmem: 2 ** log2N * r * 128 * 2 };
}

export interface HashCost {
  log2N: number;
  r: number;
  p: number;
}

/** `cost`: the default unless a test database wants its demo users quick to sign in (test-support). */
export async function hashPassword(password: string, cost: HashCost = DEFAULT_COST): Promise<string> {
  const { log2N, r, p } = cost;
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, scryptOptions(log2N, r, p));
  return [PREFIX, log2N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function inRange(value: number, max: number): boolean {
  return Number.isInteger(value) && value > 0 && value <= max;
}

function parseHash(stored: string): ParsedHash | null {
  const [prefix, log2N, r, p, salt, key, ...rest] = stored.split('$');
  if (prefix !== PREFIX || salt === undefined || key === undefined || rest.length > 0) return null;
  const parsed = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  // Bounded so a corrupted row cannot make one sign-in allocate gigabytes (at most 256 MiB here).
  if (!inRange(parsed.log2N, 17) || !inRange(parsed.r, 16) || !inRange(parsed.p, 4)) return null;
  return { ...parsed, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/**
 * Stands in for the hash of an unknown user, an SSO-only account (no password) or an unreadable row:
 * the same scrypt work runs, so the answer's timing does not tell whether the account exists.
 */
const DUMMY: ParsedHash = {
  ...DEFAULT_COST,
  salt: Buffer.alloc(SALT_LENGTH, 0x5a),
  key: Buffer.alloc(KEY_LENGTH, 0),
};

/**
 * False for a wrong password, a missing hash and a hash this module cannot read (never throws on bad
 * input); every case runs one scrypt derivation at least at the default cost.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored === null ? null : parseHash(stored);
  const usable = parsed !== null && parsed.key.length === KEY_LENGTH;
  const against = usable ? parsed : DUMMY;
  const actual = await derive(password, against.salt, scryptOptions(against.log2N, against.r, against.p));
  return usable && timingSafeEqual(actual, against.key);
}

/**
 * The rules of spec §5 for a password someone chooses (reset, change, accepted invitation), from the
 * contract so the forms check the same; 400 with the broken rules' codes, or `passwordsDiffer`.
 */
export function assertNewPassword(password: string, confirmation = password): void {
  const broken = brokenPasswordRules(password);
  if (broken.length > 0) {
    throw new HttpError(400, { message: 'The password does not follow the rules', code: 'invalidPassword', rules: broken });
  }
  if (password !== confirmation) {
    throw new HttpError(400, { message: 'Passwords are not the same', code: 'passwordsDiffer' });
  }
}
