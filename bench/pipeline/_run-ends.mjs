/**
 * The runs a bench's pipeline ended, counted from its log (pipeline.ts logs each run's end), so a
 * bench waits for its batch without polling the database: a count every 100 ms cost the measured
 * process a few milliseconds of PGlite per analysis, a cost no server pays.
 */
const ENDED = new Set(['analysis run ended', 'analysis run failed']);

export function runEnds() {
  let ended = 0;
  const waiters = [];
  return {
    /** The pipeline's `log` dependency. */
    log(_level, _details, message) {
      if (!ENDED.has(message)) return;
      ended++;
      for (const waiter of waiters.splice(0)) {
        if (ended >= waiter.count) waiter.resolve();
        else waiters.push(waiter);
      }
    },
    /** Resolves once `count` runs ended since the pipeline started. */
    until(count) {
      return ended >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}
