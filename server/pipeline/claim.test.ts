// PostgreSQL pass: claims under an advisory lock and FOR UPDATE SKIP LOCKED between connections.
/**
 * The fair queue: one organisation's backlog does not starve the others, `priority` orders
 * work within an organisation only, and no organisation holds more runs than its cap. Claims are
 * taken directly (no run), so each test sees exactly which analysis the queue hands out next; the
 * last test runs the real pipeline.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../crypto/secret-box';
import type { DatabaseHandle } from '../db/open';
import { analyses, environments, organisations, projects, queueTurns } from '../db/schema';
import { openMigratedTestDatabase } from '../test-support/test-database';
import { claimNextAnalysis } from './claim';
import { startPipeline } from './pipeline';
import { notifyQueued } from './queue-signal';
import { fixture, queueAnalysis, waitForEnd } from './testing/analyses';

let handle: DatabaseHandle;
const LEASE_MS = 60_000;

/** Organisations `a`, `b` and `c`, each with a plain and a priority environment. */
const env = (organisation: string, kind: 'plain' | 'priority' = 'plain') => `fair-${organisation}-${kind}`;

beforeAll(async () => {
  handle = await openMigratedTestDatabase();
  for (const organisation of ['a', 'b', 'c']) {
    await handle.db.insert(organisations).values({ id: `fair-${organisation}`, name: `Tenant ${organisation}` });
    await handle.db.insert(projects).values({ id: `fair-${organisation}-p`, organisationId: `fair-${organisation}`, name: 'Mail', type: 'IC' });
    await handle.db.insert(environments).values([
      { id: env(organisation), projectId: `fair-${organisation}-p`, name: 'plain' },
      { id: env(organisation, 'priority'), projectId: `fair-${organisation}-p`, name: 'priority', priority: true },
    ]);
  }
}, 60_000);
afterAll(() => handle.close());

beforeEach(async () => {
  await handle.db.delete(analyses);
  await handle.db.delete(queueTurns);
});

const mail = [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }];
let clock = Date.parse('2026-01-01T00:00:00Z');

/** Queues one analysis in `environmentId`, one second after the previous one, so the order is exact. */
async function queue(environmentId: string, name: string): Promise<string> {
  const id = await queueAnalysis(handle.db, environmentId, mail, { name });
  clock += 1000;
  await handle.db.update(analyses).set({ createdAt: new Date(clock) }).where(eq(analyses.id, id));
  return id;
}

async function claimName(maxRuns = 4): Promise<string | null> {
  const claimed = await claimNextAnalysis(handle.db, 'test-worker', LEASE_MS, maxRuns);
  return claimed?.name ?? null;
}

/** The run ends (processed): the organisation has one run fewer in progress. */
async function finish(name: string): Promise<void> {
  await handle.db.update(analyses).set({ status: 'processed', claimedBy: null, leaseExpiresAt: null }).where(eq(analyses.name, name));
}

describe('the fair queue', () => {
  it('serves an organisation that queued later before another one’s backlog drains (several workers)', async () => {
    for (let i = 1; i <= 6; i++) await queue(env('a'), `a${i}`);
    await queue(env('b'), 'b1');
    // a1 is the oldest; then b1, because a already has a run in progress and b none.
    expect([await claimName(), await claimName(), await claimName()]).toEqual(['a1', 'b1', 'a2']);
  });

  it('takes turns between organisations with a single worker (least recently served first)', async () => {
    for (let i = 1; i <= 4; i++) await queue(env('a'), `a${i}`);
    await queue(env('b'), 'b1');
    await queue(env('b'), 'b2');
    await queue(env('c'), 'c1');
    const order: string[] = [];
    for (let name = await claimName(); name !== null; name = await claimName()) {
      order.push(name);
      await finish(name);
    }
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('lets priority order an organisation’s own work only, never jump another organisation', async () => {
    await queue(env('b'), 'b-plain');
    await queue(env('a'), 'a-plain');
    await queue(env('a', 'priority'), 'a-priority');
    // b's analysis is the oldest, so b goes first whatever a's priority; then a's priority one
    // before a's older plain one.
    const first = await claimName();
    await finish(first!);
    const second = await claimName();
    await finish(second!);
    expect([first, second, await claimName()]).toEqual(['b-plain', 'a-priority', 'a-plain']);
  });

  it('holds the per-organisation cap, while other organisations still get workers', async () => {
    for (let i = 1; i <= 5; i++) await queue(env('a'), `a${i}`);
    expect([await claimName(2), await claimName(2), await claimName(2)]).toEqual(['a1', 'a2', null]);
    await queue(env('b'), 'b1');
    expect(await claimName(2)).toBe('b1');
    await finish('a1');
    expect(await claimName(2)).toBe('a3');
    expect(await claimName(2)).toBeNull();
  });

  it('holds the cap under concurrent claims, and hands each analysis out once', async () => {
    for (let i = 1; i <= 6; i++) await queue(env('a'), `a${i}`);
    for (let i = 1; i <= 6; i++) await queue(env('b'), `b${i}`);
    const claimed = await Promise.all(Array.from({ length: 8 }, () => claimName(3)));
    const names = claimed.filter((name): name is string => name !== null);
    expect(names.filter((name) => name.startsWith('a'))).toHaveLength(3);
    expect(names.filter((name) => name.startsWith('b'))).toHaveLength(3);
    expect(new Set(names).size).toBe(names.length);
  });

  it('counts a run whose worker died as claimable work, not as a run in progress', async () => {
    await queueAnalysis(handle.db, env('a'), mail, {
      name: 'a-orphan',
      state: { status: 'pending', claimedBy: 'dead-host:1:w1', leaseExpiresAt: new Date(Date.now() - 1000), claims: 1, startedAt: new Date() },
    });
    // Queued after it; with a cap of 1, the orphan (not a run in progress any more) is taken, then none.
    await queueAnalysis(handle.db, env('a'), mail, { name: 'a2' });
    expect([await claimName(1), await claimName(1)]).toEqual(['a-orphan', null]);
  });

  it('runs a later organisation’s mail before a slow backlog drains, in the real pipeline', async () => {
    const backlog: string[] = [];
    for (let i = 1; i <= 6; i++) {
      backlog.push(await queueAnalysis(handle.db, env('a'), mail, { name: `a${i}`, state: { status: 'aborted' } }));
    }
    const late = await queueAnalysis(handle.db, env('b'), mail, { name: 'b1', state: { status: 'aborted' } });
    // The backlog first, the late mail a moment after, as when they arrive.
    await handle.db.update(analyses).set({ status: 'waiting' }).where(inArray(analyses.id, backlog));
    await handle.db.update(analyses).set({ status: 'waiting', createdAt: new Date(Date.now() + 1000) }).where(eq(analyses.id, late));
    const pipeline = startPipeline({ db: handle.db, secrets: createSecretBox('claim-test-secret-of-at-least-32-bytes') }, { workers: 1, pollMs: 20 });
    try {
      notifyQueued();
      const lateRow = await waitForEnd(handle.db, late, 30_000);
      expect(lateRow.status).toBe('processed');
      const rows = await handle.db.select().from(analyses).where(inArray(analyses.id, backlog));
      const startedBefore = rows.filter((row) => row.startedAt !== null && row.startedAt < lateRow.startedAt!);
      // One of the backlog ran before (it was first); the late mail took the next turn.
      expect(startedBefore).toHaveLength(1);
    } finally {
      await pipeline.stop();
    }
  }, 60_000);
});
