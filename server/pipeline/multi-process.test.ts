// PostgreSQL pass: several server processes share one database.
/**
 * Several server processes on one PostgreSQL (run by `npm run test:postgres`, i.e. with
 * TEST_DATABASE_URL; skipped on PGlite, which serves one process only):
 * - two processes share a batch and no analysis runs twice;
 * - a process killed mid-run (SIGKILL: no cleanup at all) loses nothing: another one takes the
 *   analysis over once the lease runs out and finishes it.
 */
import { hostname } from 'node:os';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyses } from '../db/schema';
import { inEnglish } from '../test-support/pipeline-text';
import { createEnvironment, fixture, queueAnalysis, traceOf } from './testing/analyses';
import { multiProcessSuite, waitUntil } from './testing/processes';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(serverUrl === undefined || serverUrl === '')('pipeline across server processes (PostgreSQL)', () => {
  const suite = multiProcessSuite(serverUrl!);
  const start = (env: Record<string, string>) => suite.start({ POSTROOM_PIPELINE_POLL_MS: '50', ...env });

  it('shares a batch between two processes and runs no analysis twice', async () => {
    const db = suite.db;
    const envId = await createEnvironment(db, { extractor: { parser: { global: { useCache: false } } } });
    const names = ['eml/mixed.eml', 'eml/arf.eml', 'msg/Outer mail.msg', 'msg/attachmentFiles.msg', 'pdf/invoice.pdf', 'eml/bounce.eml'];
    const ids: string[] = [];
    for (let i = 0; i < 36; i++) {
      const path = names[i % names.length]!;
      ids.push(await queueAnalysis(db, envId, [{ name: path.split('/')[1]!, content: fixture(path) }]));
    }
    const a = start({ POSTROOM_PIPELINE_WORKERS: '2' });
    const b = start({ POSTROOM_PIPELINE_WORKERS: '2' });
    await waitUntil(
      async () => {
        const rows = await db.select({ status: analyses.status }).from(analyses).where(inArray(analyses.id, ids));
        return rows.every((row) => row.status === 'processed');
      },
      120_000,
      () => `batch not processed\n${a.output()}\n${b.output()}`,
    );
    const rows = await db.select({ id: analyses.id, claims: analyses.claims }).from(analyses).where(inArray(analyses.id, ids));
    expect(rows.every((row) => row.claims === 1)).toBe(true);
    const counts = (await db.execute(sql`
      SELECT analysis_id, count(*) FILTER (WHERE module = 'queue') AS queue, count(*) AS steps
      FROM analysis_trace WHERE analysis_id IN ${ids} GROUP BY analysis_id`)) as unknown as { rows: { queue: string; steps: string }[] };
    expect(counts.rows).toHaveLength(ids.length);
    expect(counts.rows.every((row) => Number(row.queue) === 1 && Number(row.steps) === 4)).toBe(true);
    // Both processes took part (worker ids are host:pid:…).
    const messages = (await db.execute(sql`SELECT message FROM analysis_trace WHERE module = 'queue' AND analysis_id IN ${ids}`)) as unknown as {
      rows: { message: string }[];
    };
    const byProcess = (pid: number) => messages.rows.filter((row) => row.message.includes(`${hostname()}:${pid}:`)).length;
    expect(byProcess(a.pid) + byProcess(b.pid)).toBe(ids.length);
    expect(byProcess(a.pid)).toBeGreaterThan(0);
    expect(byProcess(b.pid)).toBeGreaterThan(0);
    await Promise.all([a.kill(), b.kill()]);
  }, 240_000);

  it('finishes in another process an analysis whose process was killed mid-run', async () => {
    const db = suite.db;
    const envId = await createEnvironment(db, { extractor: { parser: { document: { maxPages: 500 }, global: { useCache: false } } } });
    const report = fixture('pdf/report-120-pages.pdf');
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `report-${i + 1}.pdf`, content: report }));
    const id = await queueAnalysis(db, envId, files);
    const doomed = start({ POSTROOM_PIPELINE_WORKERS: '1', POSTROOM_PIPELINE_LEASE_MS: '1500' });
    const prefix = `${hostname()}:${doomed.pid}:`;
    await waitUntil(
      async () => {
        const [row] = await db.select({ status: analyses.status, claimedBy: analyses.claimedBy }).from(analyses).where(eq(analyses.id, id));
        // Mid-run: claimed, and its run started (the claim's queue step written), not between the two.
        return row!.status === 'pending' && (row!.claimedBy ?? '').startsWith(prefix) && (await traceOf(db, id)).some((t) => t.module === 'queue');
      },
      120_000,
      () => `not claimed by the first process\n${doomed.output()}`,
    );
    await doomed.kill('SIGKILL');
    const [mid] = await db.select().from(analyses).where(eq(analyses.id, id));
    expect(mid!.status).toBe('pending');

    const rescuer = start({ POSTROOM_PIPELINE_WORKERS: '1', POSTROOM_PIPELINE_LEASE_MS: '1500' });
    await waitUntil(
      async () => {
        const [row] = await db.select({ status: analyses.status }).from(analyses).where(eq(analyses.id, id));
        return row!.status === 'processed';
      },
      120_000,
      () => `not finished by the second process\n${rescuer.output()}`,
    );
    const [row] = await db.select().from(analyses).where(eq(analyses.id, id));
    expect(row!.claims).toBe(2);
    const trace = await traceOf(db, id);
    const queue = trace.filter((t) => t.module === 'queue');
    expect(queue).toHaveLength(2);
    expect(inEnglish(queue[1]!.message)).toContain(`after worker ${prefix}`);
    expect(inEnglish(queue[1]!.message)).toContain(`Claimed again by worker ${hostname()}:${rescuer.pid}:`);
    expect(trace.filter((t) => t.module === 'output' && t.outcome === 'success')).toHaveLength(1);
    await rescuer.kill();
  }, 240_000);
});
