/**
 * The CPU of this process that no run's own meter counts, shared out between the analyses running
 * in it. A run's own meters count its parse thread (its scheduler clock), its module tasks and its
 * OCR pages; the rest of what the process spends while runs go on is theirs too: the main thread
 * (the runs' JavaScript, the claim, their statements, PGlite's WASM when it runs in this thread), the
 * database thread, and V8's own threads, which collect the garbage the runs leave (concurrent marking
 * and sweeping) and compile their code. Counting threads one by one left V8's out: a third of the
 * process's CPU per analysis went to no analysis (consumption, CO2).
 *
 * So the meter reads the process's clock (process.cpuUsage(): every thread, any platform), takes off
 * what the active runs' own meters counted meanwhile, and splits each interval evenly between the runs
 * active in it. Own meters report when a task ends, so an interval can show more own time than
 * process time (the task began in an earlier interval, already shared out): the difference is a debt
 * taken off the next intervals, so nothing is counted twice. HTTP requests served meanwhile are
 * charged to the runs too: on a server busy with other calls the figure leans high, never low.
 */

/** Milliseconds of CPU the whole process has used. */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

interface ActiveRun {
  charged: number;
  /** What the run's own meters counted so far (parse thread, module tasks, OCR). */
  own: () => number;
  ownSeen: number;
}

export class SharedCpuMeter {
  private readonly active = new Map<symbol, ActiveRun>();
  private last = processCpuMs();
  /** Own time reported beyond the process time of the intervals it came in (see the header). */
  private debt = 0;

  /** Charges the interval since the last reading to the runs active in it. */
  tick(): void {
    const now = processCpuMs();
    let own = 0;
    for (const run of this.active.values()) {
      const counted = run.own();
      own += counted - run.ownSeen;
      run.ownSeen = counted;
    }
    const shared = now - this.last - own - this.debt;
    this.last = now;
    // With no run to charge, the interval is nobody's and no debt is left to settle.
    this.debt = this.active.size > 0 && shared < 0 ? -shared : 0;
    if (this.active.size === 0 || shared <= 0) return;
    for (const run of this.active.values()) run.charged += shared / this.active.size;
  }

  /**
   * A run starts being charged from now. A worker begins before it claims (the claim is the run's
   * work) and ends the meter at once when there was nothing to claim.
   */
  begin(): symbol {
    this.tick();
    const run = Symbol('run');
    this.active.set(run, { charged: 0, own: () => 0, ownSeen: 0 });
    return run;
  }

  /** The run's own meters, from now on taken off the process's time before it is shared. */
  ownMeters(run: symbol, own: () => number): void {
    this.tick();
    const active = this.active.get(run);
    if (active === undefined) return;
    active.own = own;
    active.ownSeen = own();
  }

  /** CPU milliseconds charged to the run so far (its own meters not included). */
  charged(run: symbol): number {
    this.tick();
    return this.active.get(run)?.charged ?? 0;
  }

  end(run: symbol): void {
    this.tick();
    this.active.delete(run);
  }
}
