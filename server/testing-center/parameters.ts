/**
 * The project's testing-center parameters (§3 classification kinds: ignored, public or private).
 * No row means the defaults. Saving recomputes every message's qualification state, since an ignored
 * kind no longer counts (§4 states are stored on the messages for the bank's filters).
 */
import { eq } from 'drizzle-orm';
import {
  DEFAULT_TESTING_CENTER_PARAMETERS,
  qualificationOf,
  testingCenterParametersSchema,
  type ExpectedValues,
  type TestingCenterParameters,
} from '../../src/contract/testing-center';
import type { Database } from '../db/open';
import { bankMessages, testingCenterParameters } from '../db/schema-testing-center';

export async function readParameters(db: Database, projectId: string): Promise<TestingCenterParameters> {
  const [row] = await db.select().from(testingCenterParameters).where(eq(testingCenterParameters.projectId, projectId));
  if (row === undefined) return DEFAULT_TESTING_CENTER_PARAMETERS;
  // Parsed again: kinds added to the contract later get their defaults.
  const parsed = testingCenterParametersSchema.safeParse(row.parameters);
  return parsed.success ? parsed.data : DEFAULT_TESTING_CENTER_PARAMETERS;
}

export async function saveParameters(db: Database, projectId: string, parameters: TestingCenterParameters): Promise<TestingCenterParameters> {
  await db.transaction(async (tx) => {
    await tx
      .insert(testingCenterParameters)
      .values({ projectId, parameters })
      .onConflictDoUpdate({ target: testingCenterParameters.projectId, set: { parameters, updatedAt: new Date() } });
    await recomputeStates(tx, projectId, parameters);
  });
  return parameters;
}

/** Every message's state under these parameters; only the rows whose state changes are written. */
async function recomputeStates(db: Database, projectId: string, parameters: TestingCenterParameters): Promise<void> {
  const rows = await db
    .select({ id: bankMessages.id, expected: bankMessages.expected, qualification: bankMessages.qualification })
    .from(bankMessages)
    .where(eq(bankMessages.projectId, projectId));
  for (const row of rows) {
    const state = qualificationOf(row.expected as ExpectedValues, parameters);
    if (state !== row.qualification) await db.update(bankMessages).set({ qualification: state }).where(eq(bankMessages.id, row.id));
  }
}
