/**
 * Sends probes through Fastify's inject, a few at a time (PGlite answers one query at a time, but
 * parsing and validation overlap), each within a time bound: a probe that does not answer in time is
 * a hang, reported like a 5xx.
 */
import type { FastifyInstance } from 'fastify';
import type { Probe } from './fuzz-plan';

export interface ProbeOutcome {
  probe: Probe;
  /** The status, or 'hang' when no answer came within the bound. */
  status: number | 'hang';
  body: string;
  ms: number;
}

export async function runProbes(app: FastifyInstance, probes: readonly Probe[], options: { concurrency: number; boundMs: number }): Promise<ProbeOutcome[]> {
  const outcomes: ProbeOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      const started = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<'hang'>((resolve) => {
        timer = setTimeout(() => resolve('hang'), options.boundMs);
      });
      const answer = app.inject({ method: probe.method as 'GET', url: probe.url, headers: probe.headers, ...(probe.payload === undefined ? {} : { payload: probe.payload }) });
      const result = await Promise.race([answer, hang]);
      clearTimeout(timer);
      outcomes.push(
        result === 'hang'
          ? { probe, status: 'hang', body: '', ms: Date.now() - started }
          : { probe, status: result.statusCode, body: result.body.slice(0, 300), ms: Date.now() - started },
      );
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return outcomes;
}

/** One line per failure: who sent what where, and the answer. */
export function describeOutcome(outcome: ProbeOutcome): string {
  const { probe } = outcome;
  return `${probe.operation} ${probe.target} ${probe.kind} (${probe.label}) as ${probe.caller}: ${outcome.status} ${outcome.body.slice(0, 160)}`;
}
