/**
 * One connector run. A mailbox connector fetches the period's messages, skips blacklisted senders and
 * messages already analysed (unless the run forces duplicates), queues each new one as an analysis
 * through the normal queue (analyses/create.ts), and records it for write-back. A record connector
 * (issue tracker, CRM, workflow tool) takes the environment's analyses created in the period, however
 * they came, and records each not yet handed to it for write-back: the write-back creates the
 * record once the analysis is finished. Progress is written after each message. A message or an
 * analysis is recorded once per connector (unique index): a forced run hands it again on the same row.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { mailboxOf } from '../../src/contract/integrations';
import { createAnalysisRecord } from '../analyses/create';
import { analyses } from '../db/schema';
import { connectorMessages, connectorRuns, connectors } from '../db/schema-integrations';
import { driverContext, type ConnectorRow, type IntegrationDeps } from './deps';
import { DRIVERS } from './drivers/index';
import { isBlacklisted, type MailItem } from './drivers/types';
import { ConnectorError, describeFailure } from './errors';

export type RunRow = typeof connectorRuns.$inferSelect;

/** What a message or analysis handed again starts from: pending, no error, no lease. */
const writtenAgain = { writeBack: 'pending' as const, writeBackError: null, writeBackLeaseUntil: null };

const blacklistOf = (row: ConnectorRow) => mailboxOf(row.settings)?.blacklist ?? [];

/** A file name from the subject: readable in the analyses list, safe on every file system. */
const fileName = (subject: string, id: string) => `${(subject.replace(/[^\p{L}\p{N} ._-]+/gu, ' ').trim() || id).slice(0, 80)}.eml`;

const finished = async (deps: IntegrationDeps, row: ConnectorRow, progress: (values: Partial<RunRow>) => Promise<unknown>) => {
  await progress({ status: 'done', finishedAt: new Date() });
  await deps.db.update(connectors).set({ lastExecutionAt: new Date(), lastError: null }).where(eq(connectors.id, row.id));
};

/** A record connector's run: the period's analyses of the environment, each handed once (unless forced). */
async function handAnalyses(deps: IntegrationDeps, row: ConnectorRow, run: RunRow, progress: (values: Partial<RunRow>) => Promise<unknown>) {
  const found = await deps.db
    .select({ id: analyses.id })
    .from(analyses)
    .where(and(eq(analyses.environmentId, row.environmentId), gte(analyses.createdAt, run.fromDate), lt(analyses.createdAt, run.toDate)))
    .orderBy(analyses.createdAt);
  await progress({ found: found.length });
  const handed = new Set(
    found.length === 0 || run.forceDuplicates
      ? []
      : (
          await deps.db
            .select({ analysisId: connectorMessages.analysisId })
            .from(connectorMessages)
            .where(and(eq(connectorMessages.connectorId, row.id), inArray(connectorMessages.analysisId, found.map((analysis) => analysis.id))))
        ).map((handedRow) => handedRow.analysisId),
  );
  const fresh = found.filter((analysis) => !handed.has(analysis.id));
  let created = 0;
  if (fresh.length > 0) {
    const insert = deps.db.insert(connectorMessages).values(fresh.map((analysis) => ({ id: randomUUID(), connectorId: row.id, messageId: analysis.id, analysisId: analysis.id })));
    // Forced: an analysis handed before is handed again (its row goes back to pending).
    const recorded = run.forceDuplicates
      ? await insert.onConflictDoUpdate({ target: [connectorMessages.connectorId, connectorMessages.messageId], set: writtenAgain }).returning({ id: connectorMessages.id })
      : await insert.onConflictDoNothing().returning({ id: connectorMessages.id });
    created = recorded.length;
  }
  await progress({ created, skipped: found.length - created });
  await finished(deps, row, progress);
}

/**
 * Records a message and queues its analysis in one transaction. Not forced, the message is first
 * reserved in the dedup list (unique per connector): one recorded meanwhile by another run is skipped
 * and no analysis is created for it. Forced, its row takes the new analysis and is written back again.
 */
async function queueMessage(deps: IntegrationDeps, row: ConnectorRow, item: MailItem, force: boolean): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const id = randomUUID();
    if (!force) {
      const [reserved] = await tx.insert(connectorMessages).values({ id, connectorId: row.id, messageId: item.id }).onConflictDoNothing().returning({ id: connectorMessages.id });
      if (reserved === undefined) return false;
    }
    const analysis = await createAnalysisRecord(tx, {
      environmentId: row.environmentId,
      name: fileName(item.subject, item.id),
      main: { name: fileName(item.subject, item.id), content: item.raw, contentType: 'message/rfc822' },
      metadata: { connector: row.name, connectorId: row.id, messageId: item.id },
    });
    await tx
      .insert(connectorMessages)
      .values({ id, connectorId: row.id, messageId: item.id, analysisId: analysis.id })
      .onConflictDoUpdate({ target: [connectorMessages.connectorId, connectorMessages.messageId], set: { analysisId: analysis.id, ...writtenAgain } });
    return true;
  });
}

export async function executeRun(deps: IntegrationDeps, run: RunRow): Promise<void> {
  const [row] = await deps.db.select().from(connectors).where(eq(connectors.id, run.connectorId));
  if (row === undefined) return;
  // Only while the run is still ours: a stopping server gives back a run it could not end in time,
  // and its late end (an error as the database closes) must not mark the run done or failed.
  const progress = (values: Partial<RunRow>) =>
    deps.db
      .update(connectorRuns)
      .set(values)
      .where(and(eq(connectorRuns.id, run.id), run.claimedBy === null ? undefined : eq(connectorRuns.claimedBy, run.claimedBy)))
      .returning({ id: connectorRuns.id });
  try {
    if (row.state !== 'authorized') throw new ConnectorError(row.state === 'reauthorize' ? 'reauthorize' : 'connectorNotAuthorized');
    const driver = DRIVERS[row.type];
    if (driver.fetch === undefined) {
      await handAnalyses(deps, row, run, progress);
      return;
    }
    const items = await driver.fetch(driverContext(deps, row), run.fromDate, run.toDate);
    await progress({ found: items.length });
    const seen = new Set(
      items.length === 0 || run.forceDuplicates
        ? []
        : (
            await deps.db
              .select({ messageId: connectorMessages.messageId })
              .from(connectorMessages)
              .where(and(eq(connectorMessages.connectorId, row.id), inArray(connectorMessages.messageId, items.map((item) => item.id))))
          ).map((seenRow) => seenRow.messageId),
    );
    let created = 0;
    let skipped = 0;
    for (const item of items) {
      if (seen.has(item.id) || isBlacklisted(item.from, blacklistOf(row))) {
        skipped += 1;
      } else {
        if (await queueMessage(deps, row, item, run.forceDuplicates)) created += 1;
        else skipped += 1;
        seen.add(item.id);
      }
      await progress({ created, skipped });
    }
    await finished(deps, row, progress);
  } catch (error) {
    const { code, detail, logDetail } = describeFailure(error);
    deps.log?.('warn', { connectorId: row.id, runId: run.id, code, cause: logDetail ?? undefined }, 'connector run failed');
    const ours = await progress({ status: 'error', error: { code, detail }, finishedAt: new Date() });
    if (ours.length === 0) return;
    await deps.db
      .update(connectors)
      .set({ lastExecutionAt: new Date(), lastError: { code, detail }, ...(code === 'reauthorize' ? { state: 'reauthorize' as const } : {}) })
      .where(eq(connectors.id, row.id));
  }
}
