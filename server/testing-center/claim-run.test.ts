// PostgreSQL pass: test runs claimed between connections.
/**
 * Exactly-once test runs (claim-run.ts, test-runner.ts): two runners on one database stand for two
 * server processes. Only one claims a run; the other leaves it alone while the lease holds, takes it
 * over once the lease ran out (its owner died), and the first then loses it. Real PGlite, real
 * pipeline modules; the PostgreSQL row re-check under concurrent UPDATEs is the same statement.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/open';
import { testingRunMessages, testingRuns } from '../db/schema-testing-runs';
import { createNluRuntime } from '../nlu/runtime';
import { openMigratedTestDatabase } from '../test-support/test-database';
import { claimableRuns, claimRun, renewLease } from './claim-run';
import { launchTestRun } from './launch-test-run';
import { createTestRunner } from './test-runner';
import { expectCategories, insertBankMessage, insertManualSet, mailFile } from './test-support';

let handle: DatabaseHandle;
let setId: string;
const PROJECT = 'demo-nlu';

beforeAll(async () => {
  handle = await openMigratedTestDatabase({ seed: true });
  const ids = [
    await insertBankMessage(handle.db, PROJECT, { name: 'a.eml', content: mailFile('Résiliation', 'Je souhaite résilier mon contrat.'), expected: expectCategories('Résiliation') }),
    await insertBankMessage(handle.db, PROJECT, { name: 'b.eml', content: mailFile('Devis', 'Un devis pour une assurance auto ?'), expected: expectCategories('Demande de devis') }),
  ];
  setId = await insertManualSet(handle.db, PROJECT, 'claims', ids);
}, 180_000);
afterAll(() => handle?.close());

const launch = () => launchTestRun(handle.db, { projectId: PROJECT, environmentId: 'demo-nlu-prod', setId, versionId: null, userId: null, seesPrivate: true });

describe('claiming a test run', { timeout: 180_000 }, () => {
  it('gives a run to one worker while its lease holds, to another once it ran out', async () => {
    const runId = await launch();
    expect(await claimRun(handle.db, runId, 'process-a', 60_000)).toBe(true);
    expect(await claimRun(handle.db, runId, 'process-b', 60_000)).toBe(false);
    expect(await claimableRuns(handle.db)).not.toContain(runId);
    // Process A dies: its lease runs out.
    await handle.db.update(testingRuns).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(testingRuns.id, runId));
    expect(await claimableRuns(handle.db)).toContain(runId);
    expect(await claimRun(handle.db, runId, 'process-b', 60_000)).toBe(true);
    // A comes back: its renewal fails, so it writes nothing more for the run.
    expect(await renewLease(handle.db, runId, 'process-a', 60_000)).toBe(false);
    await handle.db.delete(testingRuns).where(eq(testingRuns.id, runId));
  });

  it('runs each message once with two runners scheduling the same run, and takes over a dead owner', async () => {
    const nlu = createNluRuntime({ startupMs: 0 });
    const first = createTestRunner({ db: handle.db, nlu });
    const second = createTestRunner({ db: handle.db, nlu });
    const runId = await launch();
    first.schedule(runId);
    second.schedule(runId);
    await Promise.all([first.idle(), second.idle()]);
    const [run] = await handle.db.select().from(testingRuns).where(eq(testingRuns.id, runId));
    expect(run).toMatchObject({ status: 'finished', total: 2, done: 2, claimedBy: null });

    // A run whose owner died mid-way (claimed, lease ran out): the other runner's start-up sweep finishes it.
    const orphan = await launch();
    expect(await claimRun(handle.db, orphan, 'dead-process', 60_000)).toBe(true);
    await handle.db.update(testingRuns).set({ status: 'running' }).where(eq(testingRuns.id, orphan));
    await second.resumeUnfinished();
    await second.idle();
    expect((await handle.db.select().from(testingRuns).where(eq(testingRuns.id, orphan)))[0]?.status).toBe('running');
    await handle.db.update(testingRuns).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(testingRuns.id, orphan));
    await second.resumeUnfinished();
    await second.idle();
    const [taken] = await handle.db.select().from(testingRuns).where(eq(testingRuns.id, orphan));
    expect(taken).toMatchObject({ status: 'finished', done: 2 });
    const statuses = await handle.db.select({ status: testingRunMessages.status }).from(testingRunMessages).where(eq(testingRunMessages.runId, orphan));
    expect(statuses.map((row) => row.status)).toEqual(['success', 'success']);
    await Promise.all([first.stop(), second.stop()]);
  });
});
