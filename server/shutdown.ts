/**
 * How the app stops its background work (analyses, test runs, connector runs, alerts, the
 * dashboards' rollup) and its connections when it closes: every job stops at once, not one after the
 * other, so the slowest one sets the time, not their sum. With a grace (the server process: main.ts,
 * POSTROOM_PIPELINE_STOP_GRACE_MS), work that has not ended within it is handed back (runs and claims
 * released for the next server) and the connections still open then are cut: a client that sent half
 * a body, or a request still being answered, never holds the exit. Without a grace (tests), both are
 * waited for.
 */
import type { FastifyInstance } from 'fastify';

export interface Shutdown {
  /** How long work in progress has to end once the app closes; undefined: as long as it takes. */
  readonly graceMs: number | undefined;
  /** Registers how a job stops; called once when the app closes, with the grace. */
  onStop(stop: (graceMs: number | undefined) => Promise<unknown>): void;
}

export function installShutdown(app: FastifyInstance, graceMs: number | undefined): Shutdown {
  const stops: ((graceMs: number | undefined) => Promise<unknown>)[] = [];
  let cutConnections: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    if (graceMs !== undefined) {
      // Started with the stops, not after them: requests get the same grace as the work.
      cutConnections = setTimeout(() => app.server.closeAllConnections(), graceMs);
      cutConnections.unref();
    }
    const ended = await Promise.allSettled(stops.map((stop) => stop(graceMs)));
    for (const end of ended) if (end.status === 'rejected') app.log.error({ err: end.reason }, 'stopping background work failed');
  });
  app.addHook('onClose', async () => clearTimeout(cutConnections));
  return {
    graceMs,
    onStop(stop) {
      stops.push(stop);
    },
  };
}
