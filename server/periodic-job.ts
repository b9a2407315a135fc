/**
 * A job each server process runs every few seconds or minutes (alerts, the dashboards' rollup,
 * connectors): one round at a time. Stopping ends the timer and waits for the round under way, at
 * most `graceMs` when given, so a stopping server starts nothing new, does not close the database
 * under a round about to end, and is never held by one that hangs (a mail server that stopped
 * answering): the caller hands back what that round still holds.
 */
export interface PeriodicJob {
  /** Resolves true once no round is running, false when `graceMs` ran out first. */
  stop(graceMs?: number): Promise<boolean>;
}

export function startPeriodicJob(round: () => Promise<unknown>, everyMs: number, onError: (error: unknown) => void): PeriodicJob {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop(graceMs) {
      clearInterval(timer);
      if (running === null) return true;
      if (graceMs === undefined) {
        await running;
        return true;
      }
      let grace: NodeJS.Timeout | undefined;
      const ended = await Promise.race([running.then(() => true), new Promise<boolean>((resolve) => (grace = setTimeout(() => resolve(false), graceMs)))]);
      clearTimeout(grace);
      return ended;
    },
  };
}
