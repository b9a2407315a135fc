/**
 * The server under test, in its own process so that a frozen event loop here never stops the
 * bench's clock: the real app (buildApp, in-memory PGlite in its database thread as in production, migrated, the demo organisation seeded
 * with its users) with the analysis workers running, listening on 127.0.0.1 only. Prints its URL.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createTestServer } from '../../server/test-support/test-server.ts';

// The HTTP thread's own view of a phase: how late its event loop ran (1 ms resolution), read and reset
// by the bench over IPC. Beside the probe's latency it tells a blocked thread from requests waiting
// elsewhere (the database thread, a core taken by other threads).
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
// BENCH_STALLS_MS: each time the HTTP thread ran a timer that many ms late or more, printed at the end
// (with BENCH_SERVER_STDOUT) as "end (µs, the clock of --cpu-prof profiles) lateness (ms)", to find
// in a profile what held it.
const STALLS_MS = Number(process.env.BENCH_STALLS_MS ?? 0);
if (STALLS_MS > 0) {
  let last = process.hrtime.bigint();
  const stalls = [];
  setInterval(() => {
    const now = process.hrtime.bigint();
    const late = Number(now - last) / 1e6 - 1;
    if (late >= STALLS_MS) stalls.push(`${now / 1000n} ${late.toFixed(1)}`);
    last = now;
  }, 1).unref();
  process.on('SIGTERM', () => console.log(`stalls: ${stalls.join(' | ')}`));
}
process.on('message', (message) => {
  if (message !== 'loop-delay') return;
  const ms = (ns) => ns / 1e6;
  process.send({ loopDelay: { p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) } });
  loopDelay.reset();
});

const server = await createTestServer({
  // The production poll interval (1 s; an analysis queued here wakes the workers at once).
  pipeline: { workers: Number(process.env.BENCH_WORKERS ?? 2) },
  nlu: { startupMs: 0 },
  // PGlite in its own thread, as server/main.ts runs it.
  databaseThread: true,
  logger: false,
});
const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => {
  setTimeout(() => process.exit(0), 3000).unref();
  server.close().then(() => process.exit(0), () => process.exit(1));
});
