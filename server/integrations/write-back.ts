/**
 * Writing results back: messages whose analysis finished (processed) are claimed with a lease, so
 * one process writes each; an analysis that ended in error or was deleted is skipped; a failure is
 * recorded on the message and as the connector's last error.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ConnectorFailure } from '../../src/contract/integrations';
import { analyses } from '../db/schema';
import { connectorMessages, connectors } from '../db/schema-integrations';
import { driverContext, type IntegrationDeps } from './deps';
import { DRIVERS } from './drivers/index';
import { ConnectorError, describeFailure } from './errors';
import { messageCategoriesOf, missingRequiredFields, writeBackFor } from './outputs';

const LEASE_MS = 60_000;
const BATCH = 20;

/**
 * Claims up to BATCH finished messages and writes them back; answers how many were handled. Once
 * `stopping`, the messages of the batch not started yet are given back at once rather than after
 * their lease.
 */
export async function writeBackFinished(deps: IntegrationDeps, now = new Date(), stopping: () => boolean = () => false): Promise<number> {
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: connectorMessages.id })
      .from(connectorMessages)
      .leftJoin(analyses, eq(analyses.id, connectorMessages.analysisId))
      .where(
        and(
          eq(connectorMessages.writeBack, 'pending'),
          or(isNull(connectorMessages.writeBackLeaseUntil), lt(connectorMessages.writeBackLeaseUntil, now)),
          or(isNull(analyses.id), inArray(analyses.status, ['processed', 'error', 'aborted'])),
        ),
      )
      .limit(BATCH)
      .for('update', { of: connectorMessages, skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(connectorMessages)
      .set({ writeBackLeaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(connectorMessages.id, due.map((row) => row.id)));
    return due.map((row) => row.id);
  });
  for (const [index, id] of claimed.entries()) {
    if (stopping()) {
      const rest = claimed.slice(index);
      await deps.db
        .update(connectorMessages)
        .set({ writeBackLeaseUntil: null })
        .where(and(inArray(connectorMessages.id, rest), eq(connectorMessages.writeBack, 'pending')));
      return index;
    }
    const [row] = await deps.db
      .select({ message: connectorMessages, analysis: analyses, connector: connectors })
      .from(connectorMessages)
      .innerJoin(connectors, eq(connectors.id, connectorMessages.connectorId))
      .leftJoin(analyses, eq(analyses.id, connectorMessages.analysisId))
      .where(eq(connectorMessages.id, id));
    if (row === undefined) continue;
    const finish = (writeBack: 'done' | 'failed' | 'skipped', error: ConnectorFailure | null = null) =>
      deps.db.update(connectorMessages).set({ writeBack, writeBackError: error, writeBackLeaseUntil: null }).where(eq(connectorMessages.id, id));
    if (row.analysis === null || row.analysis.status !== 'processed') {
      await finish('skipped');
      continue;
    }
    try {
      const driver = DRIVERS[row.connector.type];
      driver.checkAnalysis?.(driverContext(deps, row.connector), row.analysis.modules);
      const result = { ...writeBackFor(row.analysis.modules, row.connector.outputMappings, row.connector.customFields, driver.customFieldsAsLabels), categories: messageCategoriesOf(row.analysis.modules) };
      const missing = missingRequiredFields(result, row.connector.customFields);
      if (missing.length > 0) throw new ConnectorError('requiredFieldMissing', missing.join(', '));
      await driver.writeBack(driverContext(deps, row.connector), row.message.messageId, result, { id: row.analysis.id, name: row.analysis.name });
      await finish('done');
    } catch (error) {
      const { code, detail, logDetail } = describeFailure(error);
      deps.log?.('warn', { connectorId: row.connector.id, code, cause: logDetail ?? undefined }, 'connector write-back failed');
      await finish('failed', { code, detail });
      await deps.db
        .update(connectors)
        .set({ lastError: { code, detail }, ...(code === 'reauthorize' ? { state: 'reauthorize' as const } : {}) })
        .where(eq(connectors.id, row.connector.id));
    }
  }
  return claimed.length;
}

/** Messages of a connector still waiting to be written back (tests and the list's progress). */
export async function pendingWriteBacks(deps: Pick<IntegrationDeps, 'db'>, connectorId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(connectorMessages)
    .where(and(eq(connectorMessages.connectorId, connectorId), eq(connectorMessages.writeBack, 'pending')));
  return row?.n ?? 0;
}
