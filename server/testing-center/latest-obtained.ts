/**
 * The values the latest test run of a bank message obtained, for the qualification screen's "accept
 * obtained": the newest run of the project in which the message ended (success, error or timeout).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { ObtainedValues } from '../../src/contract/testing-center';
import type { Database } from '../db/open';
import { testingRunMessages, testingRuns } from '../db/schema-testing-runs';

export async function latestObtainedValues(db: Database, projectId: string, messageId: string): Promise<{ obtained: ObtainedValues; runId: string } | null> {
  const [row] = await db
    .select({ runId: testingRuns.id, obtained: testingRunMessages.obtained })
    .from(testingRunMessages)
    .innerJoin(testingRuns, eq(testingRuns.id, testingRunMessages.runId))
    .where(and(eq(testingRuns.projectId, projectId), eq(testingRunMessages.messageId, messageId), ne(testingRunMessages.status, 'pending')))
    .orderBy(desc(testingRuns.createdAt))
    .limit(1);
  return row?.obtained ? { obtained: row.obtained, runId: row.runId } : null;
}
