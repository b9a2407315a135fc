/** What the connector engine needs, and the driver context of one stored connector. */
import { eq } from 'drizzle-orm';
import type { SecretBox } from '../crypto/secret-box';
import type { Database } from '../db/open';
import { connectors } from '../db/schema-integrations';
import type { OutboundClient } from '../outbound/client';
import type { DriverContext } from './drivers/types';
import { openSecrets, sealSecrets } from './secrets';
import type { IntegrationSettings } from './settings';

export interface IntegrationDeps {
  db: Database;
  secrets: SecretBox;
  outbound: OutboundClient;
  integrations: IntegrationSettings;
  log?: (level: 'info' | 'warn' | 'error', details: Record<string, unknown>, message: string) => void;
}

export type ConnectorRow = typeof connectors.$inferSelect;

export function driverContext(deps: IntegrationDeps, row: ConnectorRow): DriverContext {
  return {
    settings: row.settings,
    secrets: openSecrets(deps.secrets, row.secretsSealed),
    outbound: deps.outbound,
    integrations: deps.integrations,
    saveSecrets: async (next) => {
      await deps.db.update(connectors).set({ secretsSealed: sealSecrets(deps.secrets, next) }).where(eq(connectors.id, row.id));
    },
  };
}
