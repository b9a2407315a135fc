/**
 * The usage ledger (analysis_usage): what consumption counts. An analysis gets its row in the same
 * transaction that stores it, with the organisation and project its environment belongs to at that
 * moment, so deleting the analysis, its environment or its project later changes no figure.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/open';
import { analysisUsage, environments, projects } from '../db/schema';

/** Records one analysis in the ledger (pass the open transaction storing it); `createdAt` and `cpuMs` are the analysis row's own. */
export async function recordUsage(
  db: Database,
  usage: { analysisId: string; environmentId: string; createdAt: Date; cpuMs: number },
): Promise<void> {
  const [owner] = await db
    .select({ projectId: environments.projectId, organisationId: projects.organisationId })
    .from(environments)
    .innerJoin(projects, eq(projects.id, environments.projectId))
    .where(eq(environments.id, usage.environmentId));
  // The analysis row's foreign key already refused an unknown environment; reaching here is a bug.
  if (owner === undefined) throw new Error(`No environment ${usage.environmentId} for the usage of analysis ${usage.analysisId}`);
  await db.insert(analysisUsage).values({
    analysisId: usage.analysisId,
    organisationId: owner.organisationId,
    projectId: owner.projectId,
    environmentId: usage.environmentId,
    createdAt: usage.createdAt,
    cpuMs: usage.cpuMs,
  });
}
