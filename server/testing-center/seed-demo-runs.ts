/**
 * Demo: on a seeded server's first start, two tests of the demo NLU project's production
 * environment on its message bank — one with the domain rules as they are, one after a rule change
 * (the catch-all category "Autre" skipped) — so a new user opens results and a comparison at once.
 * The runs are only queued here; the server's test runner (started with the app) runs them in the
 * background within seconds. Nothing happens while the bank is empty (its demo messages come from the
 * bank's seed, server/db/seed-testing-center.ts) or once the project has a run.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/open';
import { bankMessages, bankSets } from '../db/schema';
import { testingRuns } from '../db/schema-testing-runs';
import { saveDomainRules } from './domain-rules';
import { launchTestRun } from './launch-test-run';
import { insertManualSet } from './test-support';

const PROJECT = 'demo-nlu';
const ENVIRONMENT = 'demo-nlu-prod';
export const DEMO_RULE_CHANGE = { inScope: [], skipped: ['Autre'], merged: [] };

export async function seedDemoTestRuns(db: Database): Promise<number> {
  const [run] = await db.select({ id: testingRuns.id }).from(testingRuns).where(eq(testingRuns.projectId, PROJECT)).limit(1);
  if (run !== undefined) return 0;
  const messages = await db.select({ id: bankMessages.id }).from(bankMessages).where(eq(bankMessages.projectId, PROJECT));
  if (messages.length === 0) return 0;
  const [existing] = await db.select({ id: bankSets.id }).from(bankSets).where(eq(bankSets.projectId, PROJECT)).orderBy(asc(bankSets.createdAt), asc(bankSets.id)).limit(1);
  const setId = existing?.id ?? (await insertManualSet(db, PROJECT, 'Démo — toute la banque', messages.map((message) => message.id), 'demo-nlu-bank-all'));
  const launch = () => launchTestRun(db, { projectId: PROJECT, environmentId: ENVIRONMENT, setId, versionId: null, userId: null, seesPrivate: true });
  await launch();
  await saveDomainRules(db, PROJECT, { v1: DEMO_RULE_CHANGE });
  await launch();
  return 2;
}
