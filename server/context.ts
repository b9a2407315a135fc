/** What every route module and hook needs, passed explicitly rather than hung on the Fastify instance. */
import type { TokenService } from './auth/tokens';
import type { SecretBox } from './crypto/secret-box';
import type { Database } from './db/open';
import type { Mailer } from './mail/outbox';

export interface ServerContext {
  db: Database;
  tokens: TokenService;
  /** Outgoing mail (invitations), written to the outbox folder. */
  mail: Mailer;
  /** Encryption of secrets stored in the database (webhook header values). */
  secrets: SecretBox;
}
