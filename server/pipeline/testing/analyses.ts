/**
 * Test helpers of the pipeline: queue an analysis the way server/analyses/create.ts (analyses-api
 * branch) does — rows in `analyses` and `analysis_files`, then `notifyQueued()` — and wait for it.
 * Kept here so the pipeline's tests do not depend on the API branch.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { inputTypeOf, type InputType } from '../../../src/contract/analyses';
import type { EnvironmentSettingsInput } from '../../../src/contract/environments';
import type { Database } from '../../db/open';
import { analyses, analysisFiles, environments } from '../../db/schema';
import { notifyQueued } from '../queue-signal';

export const FIXTURES = new URL('../../../../shared/fixtures/', import.meta.url);

export function fixture(path: string): Buffer {
  return readFileSync(new URL(path, FIXTURES));
}

export interface QueuedFile {
  name: string;
  content: Buffer | Uint8Array;
  contentType?: string;
}

export async function queueAnalysis(
  db: Database,
  environmentId: string,
  files: QueuedFile[],
  options: { name?: string; metadata?: Record<string, string>; manualFinalStatus?: boolean; inputType?: InputType } = {},
): Promise<string> {
  const id = randomUUID();
  const main = files[0]!;
  await db.insert(analyses).values({
    id,
    environmentId,
    name: options.name ?? main.name,
    inputType: options.inputType ?? inputTypeOf(main.name) ?? 'document',
    metadata: options.metadata ?? {},
    manualFinalStatus: options.manualFinalStatus ?? false,
    fileCount: files.length,
    sizeBytes: files.reduce((sum, file) => sum + file.content.length, 0),
  });
  await db.insert(analysisFiles).values(
    files.map((file, position) => ({
      id: randomUUID(),
      analysisId: id,
      role: position === 0 ? ('main' as const) : ('attachment' as const),
      position,
      name: file.name,
      contentType: file.contentType ?? 'application/octet-stream',
      size: file.content.length,
      sha256: createHash('sha256').update(file.content).digest('hex'),
      content: Buffer.from(file.content),
    })),
  );
  notifyQueued();
  return id;
}

/** Polls until the analysis leaves waiting/pending (or waits for its final status); returns its row. */
export async function waitForEnd(db: Database, id: string, timeoutMs = 15_000) {
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

/** A fresh environment of the demo IC project with these settings, for one test. */
export async function createEnvironment(db: Database, settings: EnvironmentSettingsInput = {}): Promise<string> {
  const id = `env-${randomUUID()}`;
  await db.insert(environments).values({ id, projectId: 'demo-ic', name: id, settings });
  return id;
}
