/**
 * The CPU of the main thread and of the database thread, shared out between the analyses running in
 * this process. The main thread does the runs' own JavaScript (splitting, payloads) and, with PGlite,
 * its database thread (db/pglite-thread.ts) does the database's work (WASM), so leaving them out would
 * undercount an analysis's CPU (consumption, CO2). They are shared by every run of the process, so
 * each interval between two readings is split evenly between the runs active in it. Read from
 * Linux's per-thread scheduler clock (/proc/…/schedstat, nanoseconds on CPU); elsewhere nothing is
 * charged for them. HTTP requests served meanwhile are charged to the runs too: on a server busy with
 * other calls the figure leans high, never low.
 */
import { readFileSync } from 'node:fs';

function threadCpuMs(schedstat: string): number | null {
  try {
    return Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

export class MainThreadMeter {
  private readonly active = new Map<symbol, number>();
  private readonly clocks: string[];
  private last: number | null;

  /** `threadIds`: other threads of this process (Linux ids) whose CPU is shared the same way. */
  constructor(threadIds: readonly string[] = []) {
    this.clocks = ['/proc/thread-self/schedstat', ...threadIds.map((id) => `/proc/self/task/${id}/schedstat`)];
    this.last = this.cpuMs();
  }

  private cpuMs(): number | null {
    let total = 0;
    for (const clock of this.clocks) {
      const ms = threadCpuMs(clock);
      if (ms === null) return null;
      total += ms;
    }
    return total;
  }

  /** Charges the interval since the last reading to the runs active in it. */
  tick(): void {
    const now = this.cpuMs();
    if (now === null || this.last === null) return;
    const share = this.active.size === 0 ? 0 : (now - this.last) / this.active.size;
    for (const [run, charged] of this.active) this.active.set(run, charged + share);
    this.last = now;
  }

  begin(): symbol {
    this.tick();
    const run = Symbol('run');
    this.active.set(run, 0);
    return run;
  }

  /** CPU milliseconds charged to the run so far. */
  charged(run: symbol): number {
    this.tick();
    return this.active.get(run) ?? 0;
  }

  end(run: symbol): void {
    this.tick();
    this.active.delete(run);
  }
}
