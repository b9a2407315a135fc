/** Stored rows as the console sees them: never a secret value, only which user-given secrets are set. */
import type { Connector, ConnectorRun } from '../../src/contract/integrations';
import type { SecretBox } from '../crypto/secret-box';
import type { ConnectorRow } from './deps';
import type { RunRow } from './run';
import { openSecrets, USER_SECRETS } from './secrets';

export function connectorView(box: SecretBox, row: ConnectorRow): Connector {
  const secrets = openSecrets(box, row.secretsSealed);
  return {
    id: row.id,
    environmentId: row.environmentId,
    name: row.name,
    type: row.type,
    settings: row.settings,
    secretsSet: USER_SECRETS.filter((name) => typeof secrets[name] === 'string' && secrets[name] !== ''),
    active: row.active,
    state: row.state,
    lastExecutionAt: row.lastExecutionAt?.toISOString() ?? null,
    lastError: row.lastError,
    customFields: row.customFields,
    outputMappings: row.outputMappings,
    createdAt: row.createdAt.toISOString(),
  };
}

export function runView(row: RunRow): ConnectorRun {
  return {
    id: row.id,
    connectorId: row.connectorId,
    trigger: row.trigger,
    fromDate: row.fromDate.toISOString(),
    toDate: row.toDate.toISOString(),
    forceDuplicates: row.forceDuplicates,
    status: row.status,
    found: row.found,
    created: row.created,
    skipped: row.skipped,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
