/** What every route module and hook needs, passed explicitly rather than hung on the Fastify instance. */
import type { TokenService } from './auth/tokens';
import type { Database } from './db/open';

export interface ServerContext {
  db: Database;
  tokens: TokenService;
}
