import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { SharedCpuMeter } from './shared-cpu-meter';

/** Keeps this thread on the CPU for about `ms` (process time, which is what the meter reads). */
function spin(ms: number): void {
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const until = cpuMs() + ms;
  while (cpuMs() < until) {
    // Busy on purpose (reading the clock is a system call: its time counts too).
  }
}

/** A thread of this process that spins for `ms` of wall time: CPU no run's own meter counts. */
function otherThreadSpins(ms: number): Promise<void> {
  const worker = new Worker(`const until = Date.now() + ${ms}; while (Date.now() < until) {}`, { eval: true });
  return new Promise((resolve, reject) => worker.once('exit', () => resolve()).once('error', reject));
}

describe('the shared CPU meter', () => {
  it("charges a run the process's CPU of another thread while it was active", async () => {
    const meter = new SharedCpuMeter();
    const run = meter.begin();
    await otherThreadSpins(200);
    // The thread spun 200 ms of wall time on a machine that may be busy: at least a share of it was CPU.
    expect(meter.charged(run)).toBeGreaterThan(30);
    meter.end(run);
  });

  it('splits an interval evenly between the runs active in it, and charges an ended run nothing more', () => {
    const meter = new SharedCpuMeter();
    const first = meter.begin();
    const second = meter.begin();
    spin(60);
    const [a, b] = [meter.charged(first), meter.charged(second)];
    expect(a).toBeGreaterThanOrEqual(60 / 2);
    expect(Math.abs(a - meter.charged(second))).toBeLessThan(5);
    meter.end(first);
    spin(40);
    expect(meter.charged(first)).toBe(0);
    expect(meter.charged(second) - b).toBeGreaterThanOrEqual(40);
  });

  it("takes off what a run's own meters counted, so no time is charged twice", () => {
    const meter = new SharedCpuMeter();
    const run = meter.begin();
    let own = 0;
    meter.ownMeters(run, () => own);
    spin(60);
    // Its own meter says it spent these 60 ms (a parse thread, say): the shared part is what is left.
    own = 60;
    expect(meter.charged(run)).toBeLessThan(15);
    // Own time reported beyond the interval's process time (200 ms at once: a task that began in
    // earlier intervals) is a debt, settled against the next intervals rather than charged twice.
    own = 260;
    const before = meter.charged(run);
    spin(60);
    expect(meter.charged(run) - before).toBeLessThan(15);
    spin(200);
    // 260 ms of process time, less the 200 ms debt: about 60 (260 if the debt were forgotten).
    const after = meter.charged(run) - before;
    expect(after).toBeGreaterThanOrEqual(30);
    expect(after).toBeLessThan(160);
    meter.end(run);
  });
});
