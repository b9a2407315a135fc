// PostgreSQL pass: a stopping pipeline gives its claim back while another connection waits.
/** A server stopping mid-run gives its analysis back at once; another pipeline finishes it. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../crypto/secret-box';
import { analyses } from '../db/schema';
import { createTestServer, TEST_JWT_SECRET, type TestServer } from '../test-support/test-server';
import { sharedModulePool } from '../module-workers/module-pool';
import { startPipeline } from './pipeline';
import { createEnvironment, fixture, queueAnalysis, traceOf, waitForEnd } from './testing/analyses';
import { inEnglish } from '../test-support/pipeline-text';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  await sharedModulePool().warm();
}, 60_000);
afterAll(() => server.close());

describe('pipeline stop', () => {
  it('gives a running analysis back to the queue at the next step, and another pipeline runs it', async () => {
    const db = server.handle.db;
    const secrets = createSecretBox(TEST_JWT_SECRET);
    const envId = await createEnvironment(db, { extractor: { parser: { document: { maxPages: 500 }, global: { useCache: false } } } });
    const first = startPipeline({ db, secrets }, { workers: 1, pollMs: 20 });
    const report = fixture('pdf/report-120-pages.pdf');
    const id = await queueAnalysis(db, envId, [
      { name: 'report-1.pdf', content: report },
      { name: 'report-2.pdf', content: report },
    ]);
    for (;;) {
      const [row] = await db.select({ status: analyses.status }).from(analyses).where(eq(analyses.id, id));
      if (row!.status === 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await first.stop();
    const [released] = await db.select().from(analyses).where(eq(analyses.id, id));
    expect(released).toMatchObject({ status: 'waiting', claimedBy: null, leaseExpiresAt: null });

    const second = startPipeline({ db, secrets }, { workers: 1, pollMs: 20 });
    const row = await waitForEnd(db, id);
    await second.stop();
    expect(row.status).toBe('processed');
    const queue = (await traceOf(db, id)).filter((t) => t.module === 'queue');
    expect(queue.map((t) => inEnglish(t.message))).toEqual([
      expect.stringMatching(/^Claimed by worker /),
      expect.stringMatching(/^Claimed again by worker .+: the previous worker gave it back when its server stopped; the run starts over\.$/),
    ]);
    // Two runs of 240 pages: a hang guard, not a speed target.
  }, 90_000);
});
