// PostgreSQL pass: claims under an advisory lock and FOR UPDATE SKIP LOCKED between connections.
/**
 * The fair queue: one organisation's backlog does not starve the others, `priority` orders
 * work within an organisation only, and no organisation holds more runs than its cap. Claims are
 * taken directly (no run), so each test sees exactly which analysis the queue hands out next; the
 * last test runs the real pipeline.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../crypto/secret-box';
import type { DatabaseHandle } from '../db/open';
import { analyses, environments, organisations, projects, queueTurns } from '../db/schema';
import { openMigratedTestDatabase } from '../test-support/test-database';
import { seededRandom } from '../test-support/seeded-random';
import { claimNextAnalysis, rowsOf } from './claim';
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

/**
 * What the queue must hand out next, read from every unfinished analysis at once (the statement the
 * claim used before it learnt to start from each environment's oldest waiting analysis): the
 * reference the claim is checked against.
 */
async function expectedNext(maxRuns: number): Promise<string | null> {
  const result = await handle.db.execute(sql`
    WITH queue AS (
      SELECT q.id, p.organisation_id, e.priority, q.created_at,
        (q.status = 'waiting' OR (NOT q.awaiting_final_status AND q.lease_expires_at < now())) AS claimable,
        (q.status = 'pending' AND NOT q.awaiting_final_status AND q.lease_expires_at >= now()) AS running
      FROM analyses q
      JOIN environments e ON e.id = q.environment_id
      JOIN projects p ON p.id = e.project_id
      WHERE q.status IN ('waiting', 'pending')
    ),
    tenants AS (
      SELECT organisation_id, count(*) FILTER (WHERE running) AS running, min(created_at) FILTER (WHERE claimable) AS oldest
      FROM queue GROUP BY organisation_id
    ),
    chosen AS (
      SELECT t.organisation_id FROM tenants t LEFT JOIN queue_turns turn ON turn.organisation_id = t.organisation_id
      WHERE t.oldest IS NOT NULL AND t.running < ${maxRuns}
      ORDER BY t.running, turn.served_at NULLS FIRST, t.oldest, t.organisation_id
      LIMIT 1
    )
    SELECT c.id FROM queue c
    WHERE c.claimable AND c.organisation_id = (SELECT organisation_id FROM chosen)
    ORDER BY c.priority DESC, c.created_at, c.id
    LIMIT 1`);
  const row = rowsOf(result)[0];
  return row === undefined ? null : String(row.id);
}

describe('the claim on any queue', () => {
  it('hands out, claim after claim, the analysis the whole queue’s order names', async () => {
    const hour = 3_600_000;
    for (let seed = 1; seed <= 40; seed++) {
      const random = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      await handle.db.delete(analyses);
      await handle.db.delete(queueTurns);
      const base = Date.parse('2026-03-01T00:00:00Z');
      const rows = Array.from({ length: Math.floor(random() * 24) }, (_, i) => {
        const state = pick(['waiting', 'waiting', 'waiting', 'running', 'expired', 'awaiting', 'processed'] as const);
        return {
          // Shuffled ids and few distinct dates: ties are broken by id, as in the queue's order.
          id: `q${Math.floor(random() * 1e6)}-${i}`,
          environmentId: env(pick(['a', 'b', 'c']), pick(['plain', 'priority'] as const)),
          name: `s${seed}-${i}`,
          inputType: 'email' as const,
          createdAt: new Date(base + Math.floor(random() * 6) * 1000),
          status: state === 'waiting' ? ('waiting' as const) : state === 'processed' ? ('processed' as const) : ('pending' as const),
          awaitingFinalStatus: state === 'awaiting',
          claimedBy: state === 'running' || state === 'expired' ? 'other-worker' : null,
          leaseExpiresAt: state === 'running' ? new Date(Date.now() + hour) : state === 'expired' ? new Date(Date.now() - hour) : null,
        };
      });
      if (rows.length > 0) await handle.db.insert(analyses).values(rows);
      for (const organisation of ['a', 'b', 'c']) {
        if (random() < 0.5) await handle.db.insert(queueTurns).values({ organisationId: `fair-${organisation}`, servedAt: new Date(base - Math.floor(random() * 5) * 1000) });
      }
      const maxRuns = 1 + Math.floor(random() * 3);
      for (let claim = 0; ; claim++) {
        const expected = await expectedNext(maxRuns);
        const claimed = await claimNextAnalysis(handle.db, 'test-worker', LEASE_MS, maxRuns);
        expect(claimed?.id ?? null, `seed ${seed}, claim ${claim}`).toBe(expected);
        if (expected === null) break;
      }
    }
  }, 120_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('passes over an analysis another connection holds locked', async () => {
    await queue(env('a'), 'a1');
    await queue(env('a'), 'a2');
    await handle.db.transaction(async (tx) => {
      // A user's abort holding a1 while a worker claims: the worker takes the next one instead of waiting.
      await tx.execute(sql`SELECT id FROM analyses WHERE name = 'a1' FOR UPDATE`);
      expect(await claimName()).toBe('a2');
    });
    expect(await claimName()).toBe('a1');
  });
});
