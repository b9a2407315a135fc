/**
 * Puts an enabled, authorized connector straight into the database, with its secrets sealed by the
 * box of the server that will open them: for tests of the connector job (claims, several processes,
 * shutdown), which start where authorizing one ends.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_MAPPINGS, type ConnectorSettings } from '../../src/contract/integrations';
import type { SecretBox } from '../crypto/secret-box';
import type { Database } from '../db/open';
import { connectors } from '../db/schema-integrations';
import { sealSecrets, type ConnectorSecrets } from '../integrations/secrets';

export async function insertAuthorizedConnector(
  db: Database,
  box: SecretBox,
  connector: {
    environmentId: string;
    name: string;
    settings: ConnectorSettings;
    secrets?: ConnectorSecrets;
    /** Where its mailbox reading resumes, and when its next scheduled run is due (none: as the job decides). */
    cursorAt?: Date;
    nextRunAt?: Date;
  },
): Promise<string> {
  const id = randomUUID();
  const { settings, secrets = {}, ...rest } = connector;
  await db.insert(connectors).values({
    ...rest,
    id,
    type: settings.type,
    settings,
    secretsSealed: sealSecrets(box, secrets),
    active: true,
    state: 'authorized',
    outputMappings: DEFAULT_MAPPINGS[settings.type],
  });
  return id;
}
