/**
 * Access keys (spec §3): the secret is `pk_<prefix>_<random>`, shown once; only its SHA-256 is stored.
 * `authenticateAccessKey` is what the analyses API calls with the key a client sends;
 * it records the last use date.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../context';
import { hashToken } from '../crypto/token-hash';
import { accessKeys } from '../db/schema';

export function newAccessKeySecret(): { secret: string; prefix: string } {
  const prefix = randomBytes(4).toString('hex');
  return { secret: `pk_${prefix}_${randomBytes(32).toString('base64url')}`, prefix: `pk_${prefix}` };
}

/** A program authenticated by an access key: the one environment it may work in. */
export interface ApiClient {
  environmentId: string;
  keyId: string;
}

/** The environment a key opens, or null for an unknown key; updates its last use date. */
export async function authenticateAccessKey(ctx: ServerContext, secret: string): Promise<ApiClient | null> {
  const [row] = await ctx.db
    .update(accessKeys)
    .set({ lastUsedAt: new Date() })
    .where(eq(accessKeys.secretHash, hashToken(secret)))
    .returning({ environmentId: accessKeys.environmentId, keyId: accessKeys.id });
  return row ?? null;
}
