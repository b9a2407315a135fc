// PostgreSQL pass: several server processes share one database.
/**
 * The test-run claim (claim-run.ts) in real server processes on one PostgreSQL (run with
 * TEST_DATABASE_URL as `npm run test:postgres` does, skipped on PGlite, which serves one process
 * only). Two `server/main.ts` processes with a short lease (POSTROOM_TEST_RUN_LEASE_MS) both sweep for
 * a queued run: exactly one claims and runs it; killed mid-run with SIGKILL (no clean release), it
 * loses nothing: once its lease ran out the other process takes the run over and finishes every
 * message, each written once.
 */
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testingRunMessages, testingRuns } from '../db/schema-testing-runs';
import { multiProcessSuite, waitUntil, type ServerProcess } from '../pipeline/testing/processes';
import { launchTestRun } from './launch-test-run';
import { expectCategories, insertBankMessage, insertManualSet, mailFile } from './test-support';

const serverUrl = process.env.TEST_DATABASE_URL;
const PROJECT = 'demo-nlu';
const MESSAGES = 40;
// Long enough for a loaded machine's first message (the process's parse thread and NLU engine start
// with it) to end before the lease does, short enough for the takeover to come within seconds.
const LEASE_MS = 15_000;

describe.skipIf(serverUrl === undefined || serverUrl === '')('test runs across server processes (PostgreSQL)', () => {
  const suite = multiProcessSuite(serverUrl!);
  const outputs = () => suite.processes.map((p) => p.output()).join('\n');
  // The claim sampler stops with the test, even a failed one, before the suite closes the database.
  let stopped = false;
  let sampler: Promise<void> | undefined;
  afterEach(async () => {
    stopped = true;
    await sampler?.catch(() => undefined);
  });

  it('runs a test in exactly one process, and another finishes it after the first is killed mid-run', async () => {
    const db = suite.db;
    const ids: string[] = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      const [subject, body, category] =
        i % 2 === 0 ? ['Résiliation', 'Je souhaite résilier mon contrat.', 'Résiliation'] : ['Devis', 'Un devis pour une assurance auto ?', 'Demande de devis'];
      ids.push(await insertBankMessage(db, PROJECT, { name: `message-${i}.eml`, content: mailFile(`${subject} ${i}`, body), expected: expectCategories(category) }));
    }
    const setId = await insertManualSet(db, PROJECT, 'multi-process', ids);
    const runId = await launchTestRun(db, { projectId: PROJECT, environmentId: 'demo-nlu-prod', setId, versionId: null, userId: null, seesPrivate: true });

    // Both processes resume unfinished runs at start and sweep every half lease: both go for this one.
    const env = { POSTROOM_PIPELINE_WORKERS: '0', POSTROOM_TEST_RUN_LEASE_MS: String(LEASE_MS) };
    const started = [suite.start(env), suite.start(env)];
    const ownerOf = (claimedBy: string | null) => started.find((p) => (claimedBy ?? '').startsWith(`${hostname()}:${p.pid}:`));
    const readRun = async () => (await db.select().from(testingRuns).where(eq(testingRuns.id, runId)))[0]!;

    // Every claim seen while the run goes on, sampled as fast as the database answers.
    const claims = new Set<string>();
    let sampling = true;
    sampler = (async () => {
      while (sampling && !stopped) {
        const { claimedBy } = await readRun();
        if (claimedBy !== null) claims.add(claimedBy);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    // Mid-run: a few messages written by the owner, most still pending.
    await waitUntil(async () => (await readRun()).done >= 3, 180_000, () => `the run did not start\n${outputs()}`);
    const beforeKill = await readRun();
    const owner: ServerProcess | undefined = ownerOf(beforeKill.claimedBy);
    expect(owner, `claimed by ${beforeKill.claimedBy}`).toBeDefined();
    const survivor = started.find((p) => p !== owner)!;
    // One process only, while both were alive and sweeping.
    expect([...claims], `claims seen: ${[...claims].join(', ')}; processes ${started.map((p) => p.pid).join(', ')}`).toEqual([beforeKill.claimedBy]);
    await owner!.kill('SIGKILL');
    const atKill = await readRun();
    expect(atKill.status).toBe('running');
    expect(atKill.done).toBeLessThan(MESSAGES);
    // The dead process's claim stays until its lease runs out: nobody writes meanwhile.
    expect(atKill.claimedBy).toBe(beforeKill.claimedBy);

    await waitUntil(async () => (await readRun()).status === 'finished', 180_000, () => `the run was not taken over\n${outputs()}`);
    sampling = false;
    await sampler;
    const finished = await readRun();
    // The survivor took over (its claim was seen), after the first; no third party, and it released the run.
    expect([...claims].map((claim) => ownerOf(claim))).toEqual([owner, survivor]);
    expect(finished.claimedBy).toBeNull();
    expect(finished.leaseUntil).toBeNull();
    expect(finished.finishedAt!.getTime() - atKill.leaseUntil!.getTime()).toBeGreaterThanOrEqual(0);

    // Nothing lost, nothing twice: every message has its result and is counted once.
    const rows = await db.select().from(testingRunMessages).where(eq(testingRunMessages.runId, runId));
    expect(rows).toHaveLength(MESSAGES);
    expect(rows.filter((row) => row.status !== 'success').map((row) => [row.name, row.status, row.error])).toEqual([]);
    expect(finished.done).toBe(MESSAGES);
    const categories = finished.metrics?.categories;
    expect(categories?.perValue.reduce((sum, row) => sum + row.support, 0)).toBe(MESSAGES);
    expect(rows.every((row) => row.outcomes !== null && row.obtained !== null)).toBe(true);
    expect(survivor.child.exitCode).toBeNull();
  }, 360_000);
});
