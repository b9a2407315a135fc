import http from 'node:http';

/**
 * Open-loop latency probe: one GET every `intervalMs` whatever the server does, each timed from the
 * moment it was due (how late it was sent is kept too, as `lateness`). A closed loop (send, wait, send) would send nothing while the server is frozen
 * and its p99 would hide the freeze; here every request due during a freeze waits for it.
 * Bounded: at most `maxInFlight` requests open at once (a tick past it counts as waiting until the
 * probe stops), and every request is aborted when the probe stops.
 */
export function startProbe({ url, headers, intervalMs = 20, maxInFlight = 400, maxRequests = 20_000 }) {
  const samples = [];
  const lateness = [];
  const controller = new AbortController();
  const skipped = [];
  let inFlight = 0;
  let sent = 0;
  let failures = 0;
  let stopped = false;
  const started = performance.now();
  const pending = new Set();

  // node:http on kept-alive connections rather than fetch: a probe request then allocates little, so
  // the probe's own garbage collections do not show as the server's latency.
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const send = (due) => {
    inFlight += 1;
    sent += 1;
    lateness.push(performance.now() - due);
    const request = new Promise((resolve) => {
      const done = (failed) => {
        samples.push(performance.now() - due);
        if (failed) failures += 1;
        resolve();
      };
      const req = http.get(url, { headers, agent, signal: controller.signal }, (response) => {
        response.on('data', () => {});
        response.on('end', () => done(response.statusCode !== 200));
        response.on('error', () => done(true));
      });
      // Aborted at stop: the request waited at least until then.
      req.on('error', () => done(true));
    }).finally(() => {
      inFlight -= 1;
      pending.delete(request);
    });
    pending.add(request);
  };

  let tick = 0;
  const schedule = () => {
    if (stopped) return;
    const due = started + tick * intervalMs;
    tick += 1;
    if (sent >= maxRequests) return;
    if (inFlight >= maxInFlight) skipped.push(due);
    else send(due);
    setTimeout(schedule, Math.max(0, started + tick * intervalMs - performance.now()));
  };
  schedule();

  return {
    /** Stops sending, gives open requests `graceMs`, aborts the rest; returns the latencies (ms). */
    async stop(graceMs = 2000) {
      stopped = true;
      const grace = setTimeout(() => controller.abort(), graceMs);
      await Promise.allSettled([...pending]);
      clearTimeout(grace);
      agent.destroy();
      const end = performance.now();
      for (const due of skipped) samples.push(end - due);
      return { samples, failures, skipped: skipped.length, lateness };
    },
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}
