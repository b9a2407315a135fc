import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractorResult } from '../../src/contract/analyses';
import { analyses } from '../db/schema';
import { createTestServer, type TestServer } from '../test-support/test-server';
import { createEnvironment, fixture, queueAnalysis, traceOf, waitForEnd } from './testing/analyses';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 2000 } });
});
afterAll(() => server.close());

describe('a run', () => {
  it('takes a queued mail through the extractor and the output module, with a trace row per step', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }, { name: 'invoice.pdf', content: fixture('pdf/invoice.pdf') }]);
    const row = await waitForEnd(db, id);
    expect(row.status).toBe('processed');
    expect(row.startedAt).not.toBeNull();
    expect(row.finishedAt).not.toBeNull();
    expect(row.claimedBy).toBeNull();
    expect(row.cpuMs).toBeGreaterThan(0);
    expect(row.modules.map((m) => [m.type, m.outcome])).toEqual([['extractor', 'success'], ['output', 'success']]);
    const extractor = row.modules[0]!.result as ExtractorResult;
    expect(extractor.documents.map((d) => d.name)).toEqual(['mixed.eml', 'invoice.pdf']);
    expect(extractor.documents[0]!.blocks[0]!.text).toContain('Good Morning;');
    expect(extractor.documents[1]!.blocks).toEqual([{ page: null, text: 'Invoice INV-2026-118\nCustomer: ACME SA\nTotal due: 1 234,56 EUR' }]);
    const trace = await traceOf(db, id);
    expect(trace.map((t) => [t.step, t.module, t.outcome])).toEqual([
      [0, 'queue', 'success'],
      [1, 'extractor', 'success'],
      [2, 'output', 'success'],
      [3, 'webhooks', 'skipped'],
    ]);
    const [stored] = await db.select({ cpuMs: analyses.cpuMs }).from(analyses).where(eq(analyses.id, id));
    expect(stored!.cpuMs).toBe(row.cpuMs);
  });
});
