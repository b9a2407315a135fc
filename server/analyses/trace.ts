/** Trace rows written outside the pipeline's run: abort, and the manual final status (§4). */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TraceEntry } from '../../src/contract/analyses';
import type { Database } from '../db/open';
import { analysisTrace } from '../db/schema';

export async function appendTrace(
  db: Database,
  analysis: { id: string; run: number },
  entry: Pick<TraceEntry, 'module' | 'outcome' | 'message'>,
): Promise<void> {
  // The next step of the current run, after whatever the pipeline already wrote.
  const nextStep = sql<number>`(select coalesce(max(${analysisTrace.step}), -1) + 1 from ${analysisTrace}
    where ${and(eq(analysisTrace.analysisId, analysis.id), eq(analysisTrace.run, analysis.run))})`;
  await db.insert(analysisTrace).values({
    id: randomUUID(),
    analysisId: analysis.id,
    run: analysis.run,
    step: nextStep,
    module: entry.module,
    startedAt: new Date(),
    durationMs: 0,
    outcome: entry.outcome,
    message: entry.message,
  });
}
