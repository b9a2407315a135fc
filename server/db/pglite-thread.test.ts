/**
 * PGlite in its own thread (pglite-thread.ts), as the server runs it: through Drizzle it gives the
 * same answers as a PGlite in the calling thread (bytes, JSON, timestamps kept as text, errors with
 * their PostgreSQL code, transactions committed, rolled back and nested), the calling thread keeps
 * running while a query works, and a whole analysis goes through the server on it.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnalysisDetail, AnalysisSummary } from '../../src/contract/analyses';
import { SharedCpuMeter } from '../pipeline/shared-cpu-meter';
import { fixture, waitForEnd } from '../pipeline/testing/analyses';
import { openMigratedPglite } from '../test-support/pglite-snapshots';
import { multipart } from '../test-support/multipart';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import type { DatabaseHandle } from './open';
import { PgliteThread } from './pglite-thread';
import { PARAM_SLICE_BYTES, PARAM_SLICE_CHARS } from './pglite-thread-protocol';
import { isUniqueViolation } from './unique-violation';

let threaded: DatabaseHandle;
let inThread: DatabaseHandle;

beforeAll(async () => {
  [threaded, inThread] = await Promise.all([openMigratedPglite({ thread: true }), openMigratedPglite()]);
  for (const handle of [threaded, inThread]) {
    await handle.db.execute(sql`create table sample (id int primary key, content bytea, doc jsonb, at timestamptz, label text unique)`);
  }
}, 120_000);
afterAll(async () => {
  await threaded?.close();
  await inThread?.close();
});

const rowsOf = async (handle: DatabaseHandle, query = sql`select id, content, doc, at, label from sample order by id`) =>
  (await handle.db.execute(query)).rows as Record<string, unknown>[];

describe('PGlite in a database thread', () => {
  it('runs in a thread of its own', () => {
    expect(threaded.kind === 'pglite' && threaded.client instanceof PgliteThread).toBe(true);
    expect(inThread.kind === 'pglite' && inThread.client instanceof PgliteThread).toBe(false);
  });

  it('stores and reads bytes, JSON and timestamps as a PGlite in this thread does', async () => {
    const content = Buffer.alloc(3 * 1024 * 1024, 'é');
    content[0] = 0;
    const doc = { name: 'courrier', nested: { list: [1, 'deux', null], flag: true } };
    for (const handle of [threaded, inThread]) {
      await handle.db.execute(sql`insert into sample values (1, ${content}, ${JSON.stringify(doc)}::jsonb, '2026-11-29T08:00:00Z', 'un')`);
    }
    const [[fromThread], [fromHere]] = [await rowsOf(threaded), await rowsOf(inThread)];
    // Bytes compared with Buffer#equals: a deep equality over 3 MB takes seconds.
    expect(Buffer.isBuffer(fromThread!.content)).toBe(true);
    expect((fromThread!.content as Buffer).equals(content)).toBe(true);
    expect((fromHere!.content as Buffer).equals(content)).toBe(true);
    expect({ ...fromThread, content: null }).toEqual({ ...fromHere, content: null });
    expect(fromThread!.doc).toEqual(doc);
    expect(typeof fromThread!.at).toBe('string');
  });

  it('takes long text parameters whole: slices joined in order, a character split across two slices included', async () => {
    // Three slices and a bit, an emoji (two UTF-16 units) across each boundary, a second long parameter.
    const long = Array.from({ length: 4 }, (_, index) => `${String(index).repeat(PARAM_SLICE_CHARS - 1)}😀`).join('');
    const other = `{"texte": "${'déclaré '.repeat(PARAM_SLICE_CHARS / 4)}"}`;
    const query = sql`select ${long}::text as long, length(${long}::text) as chars, (${other}::jsonb)->>'texte' as texte`;
    const [fromThread] = await rowsOf(threaded, query);
    expect(fromThread!.long === long).toBe(true);
    expect(fromThread!.chars).toBe([...long].length);
    expect(fromThread!.texte === JSON.parse(other).texte).toBe(true);
    // Beside short queries that overtake it while its slices cross, and in a transaction.
    const sum = sql`select md5(${long}::text) as sum`;
    const [inParallel, short] = await Promise.all([threaded.db.execute(sum), threaded.db.execute(sql`select 1 as one`)]);
    const expected = (await inThread.db.execute(sum)).rows[0];
    expect(inParallel.rows[0]).toEqual(expected);
    expect(short.rows[0]).toEqual({ one: 1 });
    expect(await threaded.db.transaction(async (tx) => (await tx.execute(sum)).rows[0])).toEqual(expected);
  });

  it('takes a long bytes parameter whole: slices joined in order, from a view into a larger buffer too', async () => {
    const backing = Buffer.alloc(3 * PARAM_SLICE_BYTES + 1000);
    for (let index = 0; index < backing.length; index += 1) backing[index] = (index * 7 + (index >> 16)) % 251;
    // Three slices and a bit, starting 500 bytes into its buffer.
    const file = backing.subarray(500, backing.length - 10);
    const sum = sql`select md5(${file}::bytea) as sum, length(${file}::bytea) as size`;
    const [fromThread, short] = await Promise.all([threaded.db.execute(sum), threaded.db.execute(sql`select 1 as one`)]);
    expect(fromThread.rows[0]).toEqual({ sum: createHash('md5').update(file).digest('hex'), size: file.length });
    expect(short.rows[0]).toEqual({ one: 1 });
    await threaded.db.execute(sql`insert into sample (id, content) values (70, ${file})`);
    const [stored] = await rowsOf(threaded, sql`select content from sample where id = 70`);
    expect((stored!.content as Buffer).equals(file)).toBe(true);
    await threaded.db.execute(sql`delete from sample where id = 70`);
  });

  it('takes bytes in shared memory whole in the query, and answers large bytes in shared memory', async () => {
    const client = (threaded.kind === 'pglite' ? threaded.client : null) as unknown as { worker: { postMessage: (...args: unknown[]) => void } };
    const posts = vi.spyOn(client.worker, 'postMessage');
    try {
      const file = Buffer.from(new SharedArrayBuffer(3 * PARAM_SLICE_BYTES + 77));
      for (let index = 0; index < file.length; index += 1) file[index] = (index * 13) % 251;
      await threaded.db.execute(sql`insert into sample (id, content) values (71, ${file})`);
      // The query alone: shared bytes are not posted in slices (each slice a copy).
      expect(posts).toHaveBeenCalledTimes(1);
      const plain = Buffer.from(file);
      posts.mockClear();
      await threaded.db.execute(sql`insert into sample (id, content) values (72, ${plain})`);
      expect(posts.mock.calls.length).toBeGreaterThan(4);
    } finally {
      posts.mockRestore();
    }
    const rows = await rowsOf(threaded, sql`select id, content from sample where id in (70, 71, 72) or id = 1 order by id`);
    const byId = new Map(rows.map((row) => [row.id, row.content as Buffer]));
    expect(byId.get(71)!.equals(byId.get(72)!)).toBe(true);
    expect(byId.get(71)!.buffer).toBeInstanceOf(SharedArrayBuffer);
    const small = (await rowsOf(threaded, sql`select '\\x0102'::bytea as content`))[0]!.content as Buffer;
    expect([...small]).toEqual([1, 2]);
    expect(small.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    await threaded.db.execute(sql`delete from sample where id in (71, 72)`);
  });

  it('throws database errors with their PostgreSQL code', async () => {
    await threaded.db.execute(sql`insert into sample (id, label) values (10, 'pris')`);
    const failure = await threaded.db.execute(sql`insert into sample (id, label) values (11, 'pris')`).catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    const syntax: unknown = await threaded.db.execute(sql`selec 1`).catch((error: unknown) => error);
    expect((syntax as { cause?: unknown }).cause).toMatchObject({ code: '42601' });
  });

  it('commits a transaction that ends well, and rolls back one that throws, nested ones on their own', async () => {
    const db = threaded.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into sample (id, label) values (20, 'gardé')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into sample (id, label) values (21, 'annulé')`);
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into sample (id, label) values (22, 'annulé aussi')`);
        throw new Error('outer');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('outer');
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into sample (id, label) values (23, 'retiré')`);
      tx.rollback();
    }).catch(() => undefined);
    const ids = (await rowsOf(threaded, sql`select id from sample where id >= 20 order by id`)).map((row) => row.id);
    expect(ids).toEqual([20]);
  });

  it('keeps this thread running while a query works', async () => {
    const slow = sql`select count(*) from generate_series(1, 600000) as n where n % 7 = 0`;
    const ticksDuring = async (handle: DatabaseHandle) => {
      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 5);
      await handle.db.execute(slow);
      clearInterval(timer);
      return ticks;
    };
    // In this thread, the query holds it from start to end: no timer fires meanwhile.
    expect(await ticksDuring(inThread)).toBe(0);
    expect(await ticksDuring(threaded)).toBeGreaterThan(0);
  }, 60_000);

  it("lets the pipeline's meter charge the database thread's CPU to the runs", async () => {
    const meter = new SharedCpuMeter();
    const run = meter.begin();
    await threaded.db.execute(sql`select count(*) from generate_series(1, 600000) as n where n % 7 = 0`);
    // This thread only waited; the database thread did the query's work, and that is charged too.
    expect(meter.charged(run)).toBeGreaterThan(10);
  }, 60_000);
});

describe('the server on a database thread', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ databaseThread: true, pipeline: { workers: 1, pollMs: 50, leaseMs: 5000 } });
  }, 120_000);
  afterAll(() => server?.close());

  it('takes a mail, analyses it, and gives its file back byte for byte', async () => {
    const headers = { authorization: `Bearer ${await signIn(server.app, 'admin')}` };
    const mail = fixture('eml/mimetorture.eml');
    const body = await multipart({ file: { name: 'mimetorture.eml', content: mail } });
    const created = await server.app.inject({ method: 'POST', url: '/v4/console/api/environment/demo-ic-prod/analyses', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<AnalysisSummary>();
    expect((await waitForEnd(server.handle.db, id)).status).toBe('processed');
    const detail = (await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/demo-ic-prod/analyses/${id}`, headers })).json<AnalysisDetail>();
    expect(detail.status).toBe('processed');
    expect(detail.modules.find((module) => module.type === 'extractor')?.outcome).toBe('success');
    const file = detail.files.find((entry) => entry.role === 'main');
    const download = await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/demo-ic-prod/analyses/${id}/files/${file!.id}`, headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(mail)).toBe(true);
  }, 120_000);
});
