/**
 * Puts an analysis row straight into the database, for tests that only read analyses (consumption)
 * and must not depend on the pipeline: only the columns such readers use are filled.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/open';
import { recordUsage } from '../consumption/ledger';
import { analyses } from '../db/schema';

export async function insertAnalysis(
  db: Database,
  row: { environmentId: string; createdAt: string | Date; cpuMs?: number; name?: string },
): Promise<string> {
  const id = randomUUID();
  const createdAt = new Date(row.createdAt);
  const cpuMs = row.cpuMs ?? 0;
  await db.insert(analyses).values({
    id,
    environmentId: row.environmentId,
    name: row.name ?? `test analysis ${id}`,
    inputType: 'email',
    status: 'processed',
    cpuMs,
    createdAt,
  });
  // Its usage too, as creating an analysis does (analyses/create.ts): consumption reads the ledger.
  await recordUsage(db, { analysisId: id, environmentId: row.environmentId, createdAt, cpuMs });
  return id;
}
