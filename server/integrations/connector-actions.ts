/**
 * What is done to one stored connector, shared by the integrations routes (full console,
 * routes/integrations.ts) and the self-service webmail (routes/self-service-webmail.ts): start an OAuth
 * authorization, finish it with the provider's code, enable or disable, queue a manual run, delete.
 * Each throws the contract's HttpError so both callers answer the same codes.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authorizationOf } from '../../src/contract/integrations';
import { connectorRuns, connectors } from '../db/schema-integrations';
import { HttpError } from '../http-error';
import type { PublicLinks } from '../mail/public-links';
import { driverContext, type ConnectorRow, type IntegrationDeps } from './deps';
import { DRIVERS } from './drivers/index';
import { pkcePair } from './drivers/google-oauth';
import { exchangeCode } from './drivers/oauth-token';
import { ConnectorError, describeFailure } from './errors';
import { openSecrets, sealSecrets } from './secrets';
import type { RunRow } from './run';

/**
 * A provider failure as an answer: §8's authorization failed (with the provider's code) or reauthorize.
 * An unreachable server is one answer whatever the cause (integrations/errors.ts); the cause goes to
 * the server log through `log`.
 */
export const failureAnswer = (error: unknown, log?: IntegrationDeps['log']) => {
  const { code, detail, logDetail } = describeFailure(error);
  if (logDetail !== null) log?.('warn', { code, cause: logDetail }, 'connector server not reached');
  const status = code === 'targetRefused' || code === 'missingSecret' ? 400 : 502;
  return new HttpError(status, { message: detail ?? code, code, providerCode: detail });
};

const invalidState = () => new HttpError(400, { message: 'Unknown or used authorization state', code: 'invalidOAuthState' });

/** An OAuth connector's redirect URI: its own setting, else the console's callback route for its type. */
export function redirectUriOf(links: PublicLinks, row: ConnectorRow, origin: string | undefined): string {
  const oauth = DRIVERS[row.type].oauth!;
  return oauth.configuredRedirectUri(row) || `${links.baseFor(origin)}${oauth.callbackPath}`;
}

/**
 * Starts an OAuth authorization (PKCE S256 and a single-use `state`): keeps the verifier sealed and
 * the state on the row, answers the provider's consent page.
 */
export async function startOAuthAuthorization(deps: IntegrationDeps, row: ConnectorRow, redirectUri: string, state: string): Promise<string> {
  const secrets = openSecrets(deps.secrets, row.secretsSealed);
  const { verifier, challenge } = pkcePair();
  let url: string;
  try {
    url = DRIVERS[row.type].oauth!.authorizationUrl({ ...driverContext(deps, row), secrets }, redirectUri, state, challenge);
  } catch (error) {
    throw failureAnswer(error, deps.log);
  }
  await deps.db
    .update(connectors)
    .set({ oauthState: state, secretsSealed: sealSecrets(deps.secrets, { ...secrets, pkceVerifier: verifier }) })
    .where(eq(connectors.id, row.id));
  return url;
}

/**
 * Finishes an `oauth` (the provider's code) or `external` authorization of the row holding the state;
 * the state is used up whatever the outcome. Answers the row, authorized.
 */
export async function completeConnectorAuthorization(deps: IntegrationDeps, row: ConnectorRow | undefined, code: string, redirectUri: () => string): Promise<ConnectorRow> {
  const authorization = row === undefined ? 'login' : authorizationOf(row.settings);
  if (row === undefined || authorization === 'login') throw invalidState();
  await deps.db.update(connectors).set({ oauthState: null }).where(eq(connectors.id, row.id));
  const driverCtx = driverContext(deps, row);
  let next = driverCtx.secrets;
  try {
    if (authorization === 'external') {
      // The driver creates what the tool needs (n8n: its workflow) and keeps its ids in the secrets.
      await DRIVERS[row.type].authorizeNow!(driverCtx, row.name);
      next = driverCtx.secrets;
    } else {
      if (!next.pkceVerifier) throw invalidState();
      next = await exchangeCode(deps.outbound, DRIVERS[row.type].oauth!.tokenEndpoint(driverCtx, redirectUri()), code, next.pkceVerifier, next);
    }
  } catch (error) {
    throw error instanceof HttpError ? error : failureAnswer(error, deps.log);
  }
  const [updated] = await deps.db
    .update(connectors)
    .set({ secretsSealed: sealSecrets(deps.secrets, next), state: 'authorized', lastError: null })
    .where(eq(connectors.id, row.id))
    .returning();
  return updated!;
}

/** Enables (only once authorized, §4) or disables; enabling schedules a run at once. */
export async function setConnectorActiveState(deps: IntegrationDeps, row: ConnectorRow, active: boolean): Promise<ConnectorRow> {
  if (active && row.state !== 'authorized') throw new HttpError(409, { message: 'Authorize the connector before enabling it', code: 'connectorNotAuthorized' });
  const [updated] = await deps.db.update(connectors).set({ active, nextRunAt: null }).where(eq(connectors.id, row.id)).returning();
  return updated!;
}

/** A manual run over [from, to) (§7.3), queued for the connector job; only once authorized. */
export async function queueManualRun(deps: IntegrationDeps, row: ConnectorRow, fromDate: Date, toDate: Date, forceDuplicates: boolean): Promise<RunRow> {
  if (row.state !== 'authorized') throw new HttpError(409, { message: 'Authorize the connector before running it', code: 'connectorNotAuthorized' });
  if (!(fromDate < toDate)) throw new HttpError(400, { message: 'The period must end after it starts', code: 'invalidPeriod' });
  const [run] = await deps.db.insert(connectorRuns).values({ id: randomUUID(), connectorId: row.id, trigger: 'manual', fromDate, toDate, forceDuplicates }).returning();
  return run!;
}

/** What a refused deletion answers: §8's missing tag (409), or the tool out of reach with its detail (502). */
function deletionRefused(error: unknown, log: IntegrationDeps['log']): HttpError {
  if (error instanceof ConnectorError && error.code === 'deleteTagMissing') return new HttpError(409, { message: 'Add the Delete tag to the workflows first', code: 'deleteTagMissing' });
  return failureAnswer(error, log);
}

/**
 * Deletes the connector (its runs and seen messages go with it), after the driver's own check (n8n:
 * §8 Delete tag). `keepExternal`: the admin chose to delete it anyway, leaving what it created in the
 * tool untouched (the n8n instance could not be reached or refused the key).
 */
export async function removeConnector(deps: IntegrationDeps, row: ConnectorRow, options: { keepExternal?: boolean } = {}): Promise<void> {
  const beforeDelete = DRIVERS[row.type].beforeDelete;
  if (beforeDelete !== undefined && row.state === 'authorized' && options.keepExternal !== true) {
    try {
      await beforeDelete(driverContext(deps, row));
    } catch (error) {
      throw deletionRefused(error, deps.log);
    }
  }
  await deps.db.delete(connectors).where(eq(connectors.id, row.id));
}
