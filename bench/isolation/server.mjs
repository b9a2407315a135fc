/**
 * The server under test, in its own process so that a frozen event loop here never stops the
 * bench's clock: the real app (buildApp, in-memory PGlite in its database thread as in production, migrated, the demo organisation seeded
 * with its users) with the analysis workers running, listening on 127.0.0.1 only. Prints its URL.
 */
import { createTestServer } from '../../server/test-support/test-server.ts';

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
