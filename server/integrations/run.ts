/**
 * One connector run: fetch the period's messages, skip blacklisted senders and messages already
 * analysed (unless the run forces duplicates), queue each new one as an analysis through the normal
 * queue (analyses/create.ts), and record it for write-back. Progress is written after each message.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { mailboxOf } from '../../src/contract/integrations';
import { createAnalysisRecord } from '../analyses/create';
import { connectorMessages, connectorRuns, connectors } from '../db/schema-integrations';
import { driverContext, type IntegrationDeps } from './deps';
import { DRIVERS } from './drivers/index';
import { isBlacklisted } from './drivers/types';
import { ConnectorError, describeFailure } from './errors';

export type RunRow = typeof connectorRuns.$inferSelect;

/** A file name from the subject: readable in the analyses list, safe on every file system. */
const fileName = (subject: string, id: string) => `${(subject.replace(/[^\p{L}\p{N} ._-]+/gu, ' ').trim() || id).slice(0, 80)}.eml`;

export async function executeRun(deps: IntegrationDeps, run: RunRow): Promise<void> {
  const [row] = await deps.db.select().from(connectors).where(eq(connectors.id, run.connectorId));
  if (row === undefined) return;
  const progress = (values: Partial<RunRow>) => deps.db.update(connectorRuns).set(values).where(eq(connectorRuns.id, run.id));
  try {
    if (row.state !== 'authorized') throw new ConnectorError(row.state === 'reauthorize' ? 'reauthorize' : 'connectorNotAuthorized');
    const ctx = driverContext(deps, row);
    const items = await DRIVERS[row.type].fetch(ctx, run.fromDate, run.toDate);
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
      if (seen.has(item.id) || isBlacklisted(item.from, mailboxOf(row.settings).blacklist)) {
        skipped += 1;
      } else {
        const analysis = await createAnalysisRecord(deps.db, {
          environmentId: row.environmentId,
          name: fileName(item.subject, item.id),
          main: { name: fileName(item.subject, item.id), content: item.raw, contentType: 'message/rfc822' },
          metadata: { connector: row.name, connectorId: row.id, messageId: item.id },
        });
        await deps.db.insert(connectorMessages).values({ id: randomUUID(), connectorId: row.id, messageId: item.id, analysisId: analysis.id });
        seen.add(item.id);
        created += 1;
      }
      await progress({ created, skipped });
    }
    await progress({ status: 'done', finishedAt: new Date() });
    await deps.db.update(connectors).set({ lastExecutionAt: new Date(), lastError: null }).where(eq(connectors.id, row.id));
  } catch (error) {
    const { code, detail } = describeFailure(error);
    const message = detail === null ? code : `${code}: ${detail}`;
    deps.log?.('warn', { connectorId: row.id, runId: run.id, code }, 'connector run failed');
    await progress({ status: 'error', error: message, finishedAt: new Date() });
    await deps.db
      .update(connectors)
      .set({ lastExecutionAt: new Date(), lastError: message, ...(code === 'reauthorize' ? { state: 'reauthorize' as const } : {}) })
      .where(eq(connectors.id, row.id));
  }
}
