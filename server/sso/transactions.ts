/**
 * Sign-in transactions (see src/contract/sso.ts): the state, nonce and PKCE verifier of one sign-in,
 * sealed into an encrypted ten-minute token (JWE, dir + A256GCM, jose) that the console keeps and
 * sends back. Encrypted rather than only signed so the PKCE verifier never shows in the browser.
 * The key is derived from the JWT secret with HKDF, so it differs from the session-signing key.
 */
import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';
import { secretKey } from '../auth/tokens';

const LIFETIME_SECONDS = 10 * 60;
const AUDIENCE = 'postroom-sso-transaction';

const transactionSchema = z.object({
  /** `google`, or `oidc:<organisationId>` for an organisation's identity provider. */
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export interface TransactionSealer {
  seal(transaction: Transaction): Promise<string>;
  /** The transaction, or null when the token is forged, expired or for another use. */
  open(token: string): Promise<Transaction | null>;
}

export function createTransactionSealer(jwtSecret: Uint8Array | string): TransactionSealer {
  const key = new Uint8Array(hkdfSync('sha256', secretKey(jwtSecret), 'postroom', 'sso-transaction', 32));
  return {
    seal: (transaction) =>
      new EncryptJWT({ ...transaction })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${LIFETIME_SECONDS}s`)
        .encrypt(key),
    open: async (token) => {
      try {
        const { payload } = await jwtDecrypt(token, key, { audience: AUDIENCE });
        const parsed = transactionSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
