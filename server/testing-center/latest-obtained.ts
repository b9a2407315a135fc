/**
 * HOOK POINT for test runs (tc-runs): the values the latest test run of a bank message obtained, for
 * the qualification screen's "accept obtained". The runs live on the tc-runs branch; until it is
 * merged there is no run, so this answers null. tc-runs replaces this body with a read of the
 * message's latest finished run (its obtained values in the `ObtainedValues` shape, e.g. through
 * `obtainedFromModules` of src/testing-center/obtained.ts).
 */
import type { ObtainedValues } from '../../src/contract/testing-center';
import type { Database } from '../db/open';

export async function latestObtainedValues(
  _db: Database,
  _projectId: string,
  _messageId: string,
): Promise<{ obtained: ObtainedValues; runId: string } | null> {
  return null;
}
