/** What every route module and hook needs, passed explicitly rather than hung on the Fastify instance. */
import type { AccessCache } from './auth/access-cache';
import type { TokenService } from './auth/tokens';
import type { SecretBox } from './crypto/secret-box';
import type { Database } from './db/open';
import type { Mailer } from './mail/mailer';
import type { NluRuntime } from './nlu/runtime';
import type { OidcClients } from './sso/oidc-client';
import type { SsoSettings } from './sso/settings';
import type { TransactionSealer } from './sso/transactions';

export interface ServerContext {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  /** Origins of consoles served elsewhere (dev server, another host) that may receive reset links. */
  consoleOrigins: readonly string[];
  sso: { settings: SsoSettings; oidc: OidcClients; transactions: TransactionSealer };
  /** Encryption of secrets stored in the database (webhook header values). */
  secrets: SecretBox;
  /** Per-process cache of identities, access facts and user views (auth/access-cache.ts). */
  access: AccessCache;
  /** NLU servers' clock and timings, and this process's compiled engines (nlu/runtime.ts). */
  nlu: NluRuntime;
}
