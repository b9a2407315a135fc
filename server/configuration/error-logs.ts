/**
 * The environment's error logs (src/contract/error-logs.ts), read from what the pipeline
 * stores: trace rows that ended in error or abort, failed webhook delivery attempts, reply template
 * errors. Three bounded queries (newest first, one more than the limit to know it was cut), merged.
 */
import { and, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { ERROR_LOG_LIMIT, type ErrorLogEntry, type ErrorLogs, type ErrorLogsQuery } from '../../src/contract/error-logs';
import type { z } from 'zod';
import type { retentionSchema } from '../../src/contract/environments';

type Retention = z.infer<typeof retentionSchema>;
import type { Database } from '../db/open';
import { analyses, analysisTrace, webhookDeliveries } from '../db/schema-analyses';
import { replyTemplateErrors } from '../db/schema-replies';
import { environmentSettingsOf } from '../categorization/facts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** §9 retention as a look-back: `never` keeps a day (see the contract), `always` has no limit. */
const RETENTION_DAYS: Record<Retention, number | null> = { always: null, never: 1, '1d': 1, '1w': 7, '1m': 31, '6m': 183, '1y': 366 };

export function retentionStart(retention: Retention, now: Date): Date | null {
  const days = RETENTION_DAYS[retention];
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

const pattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const later = (a: Date | null, b: Date | undefined) => (a === null ? (b ?? null) : b === undefined || a > b ? a : b);

export async function readErrorLogs(db: Database, environmentId: string, query: ErrorLogsQuery, now = new Date()): Promise<ErrorLogs> {
  const settings = await environmentSettingsOf(db, environmentId);
  const since = retentionStart(settings.retention, now);
  const from = later(since, query.from === undefined ? undefined : new Date(query.from));
  const to = query.to === undefined ? undefined : new Date(query.to);
  const take = ERROR_LOG_LIMIT + 1;
  const wants = (source: ErrorLogEntry['source'], module: string | null) =>
    (query.source === undefined || query.source === source) && (query.module === undefined || module === null || query.module === module);
  const text = query.search ? pattern(query.search) : undefined;
  const between = (column: Parameters<typeof gte>[0]) => [from === null ? undefined : gte(column, from), to === undefined ? undefined : lte(column, to)];

  const traceRows = wants('module', null)
    ? await db
        .select({ id: analysisTrace.id, at: analysisTrace.startedAt, module: analysisTrace.module, outcome: analysisTrace.outcome, message: analysisTrace.message, analysisId: analyses.id, analysisName: analyses.name })
        .from(analysisTrace)
        .innerJoin(analyses, eq(analyses.id, analysisTrace.analysisId))
        .where(
          and(
            eq(analyses.environmentId, environmentId),
            inArray(analysisTrace.outcome, ['error', 'aborted']),
            query.module === undefined ? undefined : eq(analysisTrace.module, query.module),
            ...between(analysisTrace.startedAt),
            text === undefined ? undefined : or(ilike(analysisTrace.message, text), ilike(analyses.name, text), ilike(analysisTrace.module, text)),
          ),
        )
        .orderBy(desc(analysisTrace.startedAt), desc(analysisTrace.id))
        .limit(take)
    : [];

  const deliveryAt = sql<Date>`coalesce(${webhookDeliveries.errorAt}, ${webhookDeliveries.scheduledAt})`;
  const deliveryRows = wants('delivery', 'webhooks')
    ? await db
        .select({ id: webhookDeliveries.id, at: deliveryAt.mapWith((value: string | Date) => new Date(value)), url: webhookDeliveries.url, httpStatus: webhookDeliveries.httpStatus, error: webhookDeliveries.error, analysisId: analyses.id, analysisName: analyses.name })
        .from(webhookDeliveries)
        .innerJoin(analyses, eq(analyses.id, webhookDeliveries.analysisId))
        .where(
          and(
            eq(analyses.environmentId, environmentId),
            eq(webhookDeliveries.outcome, 'failed'),
            ...between(deliveryAt),
            text === undefined ? undefined : or(ilike(webhookDeliveries.error, text), ilike(webhookDeliveries.url, text), ilike(analyses.name, text), sql`'webhooks' ilike ${text}`),
          ),
        )
        .orderBy(desc(deliveryAt), desc(webhookDeliveries.id))
        .limit(take)
    : [];

  const templateRows = wants('template', 'replyTemplate')
    ? await db
        .select({ row: replyTemplateErrors, analysisName: analyses.name })
        .from(replyTemplateErrors)
        .leftJoin(analyses, eq(analyses.id, replyTemplateErrors.analysisId))
        .where(
          and(
            eq(replyTemplateErrors.environmentId, environmentId),
            ...between(replyTemplateErrors.createdAt),
            text === undefined
              ? undefined
              : or(ilike(replyTemplateErrors.message, text), ilike(replyTemplateErrors.template, text), ilike(replyTemplateErrors.analysisName, text), sql`'replyTemplate' ilike ${text}`),
          ),
        )
        .orderBy(desc(replyTemplateErrors.createdAt), desc(replyTemplateErrors.id))
        .limit(take)
    : [];

  const entries: ErrorLogEntry[] = [
    ...traceRows.map((row): ErrorLogEntry => ({
      id: `module:${row.id}`,
      source: 'module',
      at: row.at.toISOString(),
      module: row.module,
      analysisId: row.analysisId,
      analysisName: row.analysisName,
      code: row.outcome === 'aborted' ? 'moduleAborted' : 'moduleFailed',
      params: { module: row.module },
      detail: row.message,
    })),
    ...deliveryRows.map((row): ErrorLogEntry => ({
      id: `delivery:${row.id}`,
      source: 'delivery',
      at: row.at.toISOString(),
      module: 'webhooks',
      analysisId: row.analysisId,
      analysisName: row.analysisName,
      code: row.httpStatus === null ? 'deliveryFailed' : 'deliveryHttpStatus',
      params: { url: row.url, status: row.httpStatus },
      detail: row.error,
    })),
    ...templateRows.map(({ row, analysisName }): ErrorLogEntry => ({
      id: `template:${row.id}`,
      source: 'template',
      at: row.createdAt.toISOString(),
      module: 'replyTemplate',
      analysisId: row.analysisId,
      // The analysis may be gone (template errors are kept without it): the name stored with the error.
      analysisName: analysisName ?? row.analysisName,
      code: 'templateError',
      params: { template: row.template, inTemplate: row.inTemplate, line: row.line, kind: row.code },
      detail: row.message,
    })),
  ].sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)));

  return {
    entries: entries.slice(0, ERROR_LOG_LIMIT),
    retention: settings.retention,
    since: since?.toISOString() ?? null,
    truncated: entries.length > ERROR_LOG_LIMIT,
    modules: await modulesWithErrors(db, environmentId, since),
  };
}

/** The filter's choices: every module or step with an error in the retention period. */
async function modulesWithErrors(db: Database, environmentId: string, since: Date | null): Promise<string[]> {
  const rows = await db
    .selectDistinct({ module: analysisTrace.module })
    .from(analysisTrace)
    .innerJoin(analyses, eq(analyses.id, analysisTrace.analysisId))
    .where(and(eq(analyses.environmentId, environmentId), inArray(analysisTrace.outcome, ['error', 'aborted']), since === null ? undefined : gte(analysisTrace.startedAt, since)));
  const [delivery] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(analyses, eq(analyses.id, webhookDeliveries.analysisId))
    .where(and(eq(analyses.environmentId, environmentId), eq(webhookDeliveries.outcome, 'failed')))
    .limit(1);
  const [template] = await db.select({ id: replyTemplateErrors.id }).from(replyTemplateErrors).where(eq(replyTemplateErrors.environmentId, environmentId)).limit(1);
  const modules = new Set(rows.map((row) => row.module));
  if (delivery !== undefined) modules.add('webhooks');
  if (template !== undefined) modules.add('replyTemplate');
  return [...modules].sort();
}
