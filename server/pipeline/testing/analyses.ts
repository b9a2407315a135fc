/**
 * Test helpers of the pipeline: queue an analysis through server/analyses/create.ts (optionally in
 * the state a dead worker left it in) and wait for it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { inputTypeOf, type InputType } from '../../../src/contract/uploads';
import type { EnvironmentSettingsInput } from '../../../src/contract/environments';
import type { Database } from '../../db/open';
import { analysisRows, insertAnalysis, type NewAnalysisFile } from '../../analyses/create';
import { analyses, environments, webhooks } from '../../db/schema';

export const FIXTURES = new URL('../../../../shared/fixtures/', import.meta.url);

export function fixture(path: string): Buffer {
  return readFileSync(new URL(path, FIXTURES));
}

export type QueuedFile = NewAnalysisFile;

export async function queueAnalysis(
  db: Database,
  environmentId: string,
  files: QueuedFile[],
  options: {
    name?: string;
    metadata?: Record<string, string>;
    manualFinalStatus?: boolean;
    inputType?: InputType;
    /** The row as a worker left it (e.g. claimed by a worker that died: pending, lease in the past). */
    state?: Partial<Pick<typeof analyses.$inferInsert, 'status' | 'claimedBy' | 'leaseExpiresAt' | 'claims' | 'startedAt'>>;
  } = {},
): Promise<string> {
  const [main, ...attachments] = files;
  const rows = await analysisRows({
    environmentId,
    main: main!,
    attachments,
    name: options.name,
    metadata: options.metadata,
    manualFinalStatus: options.manualFinalStatus,
    // Tests may queue files the routes would refuse, to see how the extractor copes.
    inputType: options.inputType ?? inputTypeOf(main!.name) ?? 'document',
  });
  // The state goes in with the insert, so no worker can claim the row before it looks as intended.
  const row = await insertAnalysis(db, { ...rows, analysis: { ...rows.analysis, ...options.state } });
  return row.id;
}

/**
 * Polls until the analysis leaves waiting/pending (or waits for its final status); returns its row.
 * The limit only stops a hung test: a first run on a loaded 2-core machine also starts the module
 * workers, which has taken more than 15 s there.
 */
export async function waitForEnd(db: Database, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(analyses).where(eq(analyses.id, id));
    if (row && (!['waiting', 'pending'].includes(row.status) || row.awaitingFinalStatus)) return row;
    if (Date.now() > deadline) throw new Error(`analysis ${id} still ${row?.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function setSettings(db: Database, environmentId: string, settings: EnvironmentSettingsInput): Promise<void> {
  await db.update(environments).set({ settings }).where(eq(environments.id, environmentId));
}

export async function traceOf(db: Database, id: string) {
  const result = await db.execute(
    sql`SELECT run, step, module, outcome, message FROM analysis_trace WHERE analysis_id = ${id} ORDER BY run, step`,
  );
  return (result as unknown as { rows: { run: number; step: number; module: string; outcome: string; message: string | null }[] }).rows;
}

/** What the abort endpoint does to a pending analysis. */
export async function abortAnalysis(db: Database, id: string): Promise<void> {
  await db.update(analyses).set({ status: 'aborted', finishedAt: new Date(), claimedBy: null, leaseExpiresAt: null }).where(eq(analyses.id, id));
}

/**
 * Queues two 120-page PDFs in this environment (which must let the extractor read 200 pages), aborts
 * the analysis while its extractor is still at work, and answers its trace once the run wrote its
 * `aborted` row: what a module after the extractor did, or did not do, for an aborted run.
 */
export async function abortDuringExtractor(db: Database, environmentId: string) {
  const report = fixture('pdf/report-120-pages.pdf');
  const id = await queueAnalysis(db, environmentId, [{ name: 'report.pdf', content: report }, { name: 'report-2.pdf', content: report }]);
  // Once the claim's trace row is written, the extractor is running.
  while ((await traceOf(db, id)).length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
  await abortAnalysis(db, id);
  let trace = await traceOf(db, id);
  while (!trace.some((row) => row.outcome === 'aborted')) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    trace = await traceOf(db, id);
  }
  return trace;
}

/** A fresh environment of the demo IC project with these settings, for one test. */
export async function createEnvironment(db: Database, settings: EnvironmentSettingsInput = {}): Promise<string> {
  const id = `env-${randomUUID()}`;
  await db.insert(environments).values({ id, projectId: 'demo-ic', name: id, settings });
  return id;
}

/** A webhook of the environment; the authorization value is sealed with the server's secret box. */
export async function insertWebhook(
  db: Database,
  environmentId: string,
  hook: { url: string; type: 'analysis' | 'consolidation' | 'error'; active?: boolean; format?: 'json' | 'form'; auth?: { name: string; sealed: string } },
): Promise<string> {
  const id = randomUUID();
  await db.insert(webhooks).values({
    id,
    environmentId,
    url: hook.url,
    type: hook.type,
    format: hook.format ?? 'json',
    active: hook.active ?? true,
    authHeaderName: hook.auth?.name ?? null,
    authHeaderValueEncrypted: hook.auth?.sealed ?? null,
  });
  return id;
}
