// PostgreSQL pass: connector runs claimed under advisory locks between connections.
/**
 * One run of a connector at a time: a connector with a queued scheduled run and a queued
 * manual run, claimed by two processes at the same instant, runs one of them; the other waits until
 * the first is done. On PGlite the two claims take turns anyway; on PostgreSQL (TEST_DATABASE_URL,
 * as .ci/run does) they truly race on two connections, which only the per-connector lock in
 * `claimRun` settles. Should two runs execute at once all the same (a lease ran out), each analysis is
 * still recorded once for the connector (unique index), so it is written once.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorMessages, connectorRuns } from '../db/schema-integrations';
import { insertAuthorizedConnector } from '../test-support/insert-connector';
import { startConnectorHarness, connectorsPath, type ConnectorHarness } from '../test-support/connector-harness';
import { claimRun, scheduleDueRuns } from './job';
import { executeRun } from './run';

const ENV = 'demo-nlu-recette';
const ROUNDS = 12;
let h: ConnectorHarness;

beforeAll(async () => {
  h = await startConnectorHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** An enabled, authorized n8n connector, due now: nothing here reaches n8n, only the runs are claimed. */
function dueConnector(): Promise<string> {
  return insertAuthorizedConnector(h.deps.db, h.deps.secrets, {
    environmentId: ENV,
    name: `Course ${randomUUID().slice(0, 8)}`,
    settings: { type: 'n8n', n8n: { baseUrl: 'https://n8n.example.com' } },
  });
}

describe('claiming the runs of one connector', () => {
  it('never runs its scheduled and its manual run at once, however the claims race', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const connectorId = await dueConnector();
      expect(await scheduleDueRuns(h.deps)).toBeGreaterThanOrEqual(1);
      const manual = await h.call('POST', `${connectorsPath(ENV)}/${connectorId}/runs`, { fromDate: new Date(Date.now() - 60_000).toISOString(), toDate: new Date().toISOString() });
      expect(manual.statusCode, manual.body).toBe(201);

      const claims = await Promise.all([claimRun(h.deps, 'process-a'), claimRun(h.deps, 'process-b')]);
      const running = await h.deps.db.select().from(connectorRuns).where(eq(connectorRuns.connectorId, connectorId));
      expect(running.filter((run) => run.status === 'running'), `round ${round}`).toHaveLength(1);
      expect(claims.filter((claim) => claim?.connectorId === connectorId)).toHaveLength(1);

      // Once the first is done, the other one is taken.
      await h.deps.db.update(connectorRuns).set({ status: 'done' }).where(eq(connectorRuns.status, 'running'));
      expect(await claimRun(h.deps, 'process-a')).toMatchObject({ connectorId, status: 'running' });
      await h.deps.db.update(connectorRuns).set({ status: 'done' }).where(eq(connectorRuns.status, 'running'));
    }
  }, 120_000);
});

describe('two runs of one connector executed at once all the same', () => {
  it('record each analysis once', async () => {
    await h.analyseMail(ENV, 'Résiliation en double');
    await h.analyseMail(ENV, 'Adresse en double');
    const connectorId = await dueConnector();
    const period = { connectorId, trigger: 'manual' as const, fromDate: new Date(0), toDate: new Date(Date.now() + 60_000), status: 'running' as const };
    const runs = await h.deps.db.insert(connectorRuns).values([{ id: randomUUID(), ...period }, { id: randomUUID(), ...period }]).returning();
    await Promise.all(runs.map((run) => executeRun(h.deps, run)));

    const recorded = await h.deps.db.select({ messageId: connectorMessages.messageId }).from(connectorMessages).where(eq(connectorMessages.connectorId, connectorId));
    expect(recorded.length).toBeGreaterThanOrEqual(2);
    expect(new Set(recorded.map((row) => row.messageId)).size).toBe(recorded.length);
    const finished = await h.deps.db.select({ created: connectorRuns.created, status: connectorRuns.status }).from(connectorRuns).where(eq(connectorRuns.connectorId, connectorId));
    expect(finished.every((run) => run.status === 'done')).toBe(true);
    expect(finished.reduce((sum, run) => sum + run.created, 0)).toBe(recorded.length);
  }, 60_000);
});
