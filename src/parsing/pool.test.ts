import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeParsePool } from './node-pool';
import { fixture } from './test-support/fixtures';
import { parseMsg } from './msg';
import { ParsePool, type WorkerHandle } from './pool';
import type { ParseRequest, WorkerMessage } from './protocol';

describe('parse pool', () => {
  const pool = createNodeParsePool({ size: 2, deadlineMs: 10_000 });
  afterAll(() => pool.close());

  it('parses files in worker threads and returns the model with attachment bytes', async () => {
    const [msg, pdf] = await Promise.all([pool.parse('msgInMsg.msg', fixture('msg/msgInMsg.msg')), pool.parse('invoice.pdf', fixture('pdf/invoice.pdf'))]);
    expect(msg.ok && msg.model.email?.subject).toBe('I have attachments!');
    expect(msg.ok && msg.blobs.length).toBe(2);
    expect(pdf.ok && pdf.model.pdf?.pageCount).toBe(1);
  });

  it('stops a parse past its deadline and carries on with the next file', async () => {
    const hurried = createNodeParsePool({ size: 1, deadlineMs: 1 });
    const late = await hurried.parse('report.pdf', fixture('pdf/report-120-pages.pdf'));
    expect(late).toMatchObject({ ok: false, error: { code: 'timeout' } });
    hurried.close();
    const next = await pool.parse('Simple.msg', fixture('msg/Simple.msg'));
    expect(next.ok && next.model.email?.subject).toBe('Simple');
  });

  it('refuses a compound file whose sector chain loops, before the MSG library walks it', async () => {
    const bytes = fixture('msg/Simple.msg');
    const view = new DataView(bytes.buffer);
    // The directory chain's first sector points to itself in the FAT.
    const directoryStart = view.getInt32(0x30, true);
    const firstFatSector = view.getInt32(0x4c, true);
    view.setInt32((firstFatSector + 1) * 512 + 4 * directoryStart, directoryStart, true);
    await expect(parseMsg(bytes)).rejects.toMatchObject({ code: 'corrupt' });
  });
});

/**
 * A stand-in for the platform's worker (a web worker or a worker thread) that answers when the test
 * says so: the order of what the pool hands over, and when, is then exact.
 */
function scriptedWorkers() {
  const workers: { posted: ParseRequest[]; terminated: boolean; answer: (id: number) => void }[] = [];
  const spawn = (): WorkerHandle => {
    let onMessage: (message: WorkerMessage) => void = () => undefined;
    const worker = {
      posted: [] as ParseRequest[],
      terminated: false,
      answer: (id: number) => onMessage({ id, type: 'result', ok: false, error: { code: 'corrupt', message: `answered ${id}` } }),
    };
    workers.push(worker);
    return {
      post: (request) => worker.posted.push(request),
      listen: (listener) => (onMessage = listener),
      terminate: () => (worker.terminated = true),
    };
  };
  return { workers, spawn };
}

describe('parse pool handing files ahead', () => {
  afterEach(() => vi.useRealTimers());

  it('hands a busy worker its next file at once, and answers each file in turn with its own deadline', async () => {
    vi.useFakeTimers();
    const { workers, spawn } = scriptedWorkers();
    const pool = new ParsePool(spawn, { size: 1, deadlineMs: 1000, ahead: true });
    const first = pool.parse('a.eml', new Uint8Array(1));
    const second = pool.parse('b.eml', new Uint8Array(1));
    const third = pool.parse('c.eml', new Uint8Array(1));
    // The worker holds the file it parses and the next one; the third waits in the pool.
    expect(workers[0]!.posted.map((request) => request.name)).toEqual(['a.eml', 'b.eml']);
    vi.advanceTimersByTime(900);
    workers[0]!.answer(1);
    expect(await first).toMatchObject({ ok: false, error: { message: 'answered 1' } });
    expect(workers[0]!.posted.map((request) => request.name)).toEqual(['a.eml', 'b.eml', 'c.eml']);
    // The second file's deadline began when the worker answered the first, not when it was handed over.
    vi.advanceTimersByTime(900);
    workers[0]!.answer(2);
    expect(await second).toMatchObject({ error: { message: 'answered 2' } });
    workers[0]!.answer(3);
    expect(await third).toMatchObject({ error: { message: 'answered 3' } });
    expect(workers).toHaveLength(1);
    pool.close();
  });

  it('gives the file handed ahead to the new worker when the one before it runs past its deadline', async () => {
    vi.useFakeTimers();
    const { workers, spawn } = scriptedWorkers();
    const pool = new ParsePool(spawn, { size: 1, deadlineMs: 1000, ahead: true });
    const stuck = pool.parse('loop.msg', new Uint8Array(1));
    const next = pool.parse('fine.eml', new Uint8Array(1));
    vi.advanceTimersByTime(1001);
    expect(await stuck).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.posted.map((request) => request.name)).toEqual(['fine.eml']);
    workers[1]!.answer(2);
    expect(await next).toMatchObject({ error: { message: 'answered 2' } });
    pool.close();
  });

  it('ends the file handed ahead too when the pool is closed', async () => {
    const { spawn } = scriptedWorkers();
    const pool = new ParsePool(spawn, { size: 1, ahead: true });
    const pending = [pool.parse('a.eml', new Uint8Array(1)), pool.parse('b.eml', new Uint8Array(1))];
    pool.close();
    expect(await Promise.all(pending)).toMatchObject([{ ok: false, error: { code: 'crashed' } }, { ok: false, error: { code: 'crashed' } }]);
  });

  it('has real worker threads answer files handed ahead one after another', async () => {
    const ahead = createNodeParsePool({ size: 1, ahead: true });
    const names = ['Simple.msg', 'msgInMsg.msg', 'htmlLink.msg'];
    const results = await Promise.all(names.map((name) => ahead.parse(name, fixture(`msg/${name}`))));
    ahead.close();
    expect(results.map((result) => result.ok && result.model.file)).toEqual(names);
  });
});
