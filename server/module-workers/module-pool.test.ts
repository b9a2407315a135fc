/**
 * The module worker pool on real worker threads: a task past its deadline is stopped by killing its
 * worker (a busy loop never yields), a worker over its heap cap ends its task in error, a throw is
 * that task's error, and in every case the pool goes on serving the next task.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { ModulePool } from './module-pool';

const pool = new ModulePool({ size: 1, memoryMb: 64 });

/** This process's threads (ids) running at nice `nice` (Linux: the 19th field of each task's stat). */
function threadsAtNice(nice: number): Set<string> {
  return new Set(
    readdirSync('/proc/self/task').filter((tid) => {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === nice;
      } catch {
        return false; // the thread ended meanwhile
      }
    }),
  );
}
afterAll(() => pool.close());

describe('the module worker pool', () => {
  it('starts its workers ahead of the first task when warmed, and says when they are ready', async () => {
    const pair = new ModulePool({ size: 2, memoryMb: 64 });
    try {
      expect(pair.readyWorkers).toBe(0);
      await pair.warm();
      expect(pair.readyWorkers).toBe(2);
    } finally {
      pair.close();
    }
  }, 60_000);

  it.runIf(os.platform() === 'linux')('runs its workers below the main thread, which keeps its own priority', async () => {
    const mainNice = os.getPriority(0);
    const before = threadsAtNice(10);
    const pair = new ModulePool({ size: 2, memoryMb: 64 });
    try {
      await pair.warm();
      const started = [...threadsAtNice(10)].filter((tid) => !before.has(tid));
      expect(started.length).toBeGreaterThanOrEqual(2);
      expect(os.getPriority(0)).toBe(mainNice);
    } finally {
      pair.close();
    }
  }, 60_000);

  it('answers unsendable, without waiting for the deadline, for a task nested deeper than a copy goes; the next task runs', async () => {
    let deep: unknown = [];
    for (let depth = 0; depth < 200_000; depth++) deep = [deep];
    const started = Date.now();
    const result = await pool.run({ kind: 'probe', echo: deep }, { deadlineMs: 60_000 });
    expect(result).toMatchObject({ ok: false, code: 'unsendable' });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await pool.run({ kind: 'probe', echo: 3 })).toEqual({ ok: true, value: 3 });
  }, 60_000);

  it('answers a task with its value', async () => {
    expect(await pool.run({ kind: 'probe', echo: { hello: 'world' } })).toEqual({ ok: true, value: { hello: 'world' } });
  }, 30_000);

  it('kills a task past its deadline without blocking this thread, and serves the next one', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = Date.now();
    const result = await pool.run({ kind: 'probe', spinMs: 60_000 }, { deadlineMs: 500 });
    delay.disable();
    expect(result).toMatchObject({ ok: false, code: 'timeout', reason: { key: 'reason.timeoutAfter', params: { seconds: 0.5 } } });
    expect(Date.now() - started).toBeLessThan(20_000);
    // The spin ran on another thread: this one kept answering its timers.
    expect(delay.max / 1e6).toBeLessThan(1000);
    expect(await pool.run({ kind: 'probe', echo: 2 })).toEqual({ ok: true, value: 2 });
  }, 60_000);

  it('ends a task over the memory cap in error, and serves the next one', async () => {
    const result = await pool.run({ kind: 'probe', allocateMb: 4000 }, { deadlineMs: 60_000 });
    expect(result).toMatchObject({ ok: false, code: 'memory', reason: { key: 'reason.outOfMemory' } });
    expect(await pool.run({ kind: 'probe', echo: 3 })).toEqual({ ok: true, value: 3 });
  }, 90_000);

  it('answers a throw as that task\'s error', async () => {
    expect(await pool.run({ kind: 'probe', fail: 'boom' })).toMatchObject({ ok: false, code: 'failed', message: 'boom' });
    expect(await pool.run({ kind: 'probe', echo: 4 })).toEqual({ ok: true, value: 4 });
  }, 30_000);

  it('ends the waiting tasks when closed', async () => {
    const closing = new ModulePool({ size: 1 });
    const running = closing.run({ kind: 'probe', spinMs: 60_000 });
    closing.close();
    expect(await running).toMatchObject({ ok: false, code: 'closed' });
  });
});
