/**
 * The values the latest test run of a bank message obtained, for the qualification screen's "accept
 * obtained": the newest run of the project in which the message ended (success, error or timeout),
 * with the names the screen shows for that run (environment, version, launch date).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { ObtainedValues } from '../../src/contract/testing-center';
import type { Database } from '../db/open';
import { testingRunMessages, testingRuns } from '../db/schema-testing-runs';

export interface LatestObtained {
  obtained: ObtainedValues;
  run: { id: string; environmentName: string; versionName: string | null; createdAt: string };
}

export async function latestObtainedValues(db: Database, projectId: string, messageId: string): Promise<LatestObtained | null> {
  const [row] = await db
    .select({ id: testingRuns.id, environmentName: testingRuns.environmentName, versionName: testingRuns.versionName, createdAt: testingRuns.createdAt, obtained: testingRunMessages.obtained })
    .from(testingRunMessages)
    .innerJoin(testingRuns, eq(testingRuns.id, testingRunMessages.runId))
    .where(and(eq(testingRuns.projectId, projectId), eq(testingRunMessages.messageId, messageId), ne(testingRunMessages.status, 'pending')))
    .orderBy(desc(testingRuns.createdAt), desc(testingRuns.id))
    .limit(1);
  if (!row?.obtained) return null;
  return { obtained: row.obtained, run: { id: row.id, environmentName: row.environmentName, versionName: row.versionName, createdAt: row.createdAt.toISOString() } };
}
