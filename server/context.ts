/** What every route module and hook needs, passed explicitly rather than hung on the Fastify instance. */
import type { AccessCache } from './auth/access-cache';
import type { TokenService } from './auth/tokens';
import type { SecretBox } from './crypto/secret-box';
import type { Database } from './db/open';
import type { IntegrationSettings } from './integrations/settings';
import type { Mailer } from './mail/mailer';
import type { OutboundClient } from './outbound/client';
import type { PublicLinks } from './mail/public-links';
import type { Shutdown } from './shutdown';
import type { NluRuntime } from './nlu/runtime';
import type { OidcClients } from './sso/oidc-client';
import type { SsoSettings } from './sso/settings';
import type { TransactionSealer } from './sso/transactions';

export interface ServerContext {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  /** The configured origins that mailed links (reset, invitation) are built on (mail/public-links.ts). */
  links: PublicLinks;
  sso: { settings: SsoSettings; oidc: OidcClients; transactions: TransactionSealer };
  /** Encryption of secrets stored in the database (webhook header values). */
  secrets: SecretBox;
  /** The one HTTP client for user-chosen targets (webhooks): refuses local addresses (server/outbound). */
  outbound: OutboundClient;
  /** Per-process cache of identities, access facts and user views (auth/access-cache.ts). */
  access: AccessCache;
  /** NLU servers' clock and timings, and this process's compiled engines (nlu/runtime.ts). */
  nlu: NluRuntime;
  /** Where the connectors' providers are and how often they run (integrations/settings.ts). */
  integrations: IntegrationSettings;
  /** Dashboards on (POSTROOM_DASHBOARDS, on unless `false`); off, their endpoints answer 503 dashboardsDisabled. */
  dashboards: boolean;
  /** Background work registers how it stops here; the app stops it all at once when it closes. */
  shutdown: Shutdown;
}
