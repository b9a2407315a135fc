/**
 * What the NLU side of one server process holds: its clock, the server lifecycle timings (§9: 5
 * minutes idle stops a server; a start takes a moment) and the compiled engines it keeps. Built once
 * by buildApp and shared by the routes and the pipeline; tests inject the clock and the timings.
 */
import { EngineCache } from './engine-cache';

export interface NluRuntimeOptions {
  /** How long a started server stays in `starting` (0: started at once). */
  startupMs: number;
  /** A started server unused this long is stopped (§9: 5 minutes). */
  idleMs: number;
  /** How often this process looks for idle servers to stop. */
  sweepEveryMs: number;
  /** How long the pipeline's NLU step may take for one analysis before it gives up on the rest. */
  analysisBudgetMs: number;
  now: () => Date;
}

export const NLU_RUNTIME_DEFAULTS: NluRuntimeOptions = {
  startupMs: 2000,
  idleMs: 5 * 60_000,
  sweepEveryMs: 30_000,
  analysisBudgetMs: 60_000,
  now: () => new Date(),
};

export interface NluRuntime extends NluRuntimeOptions {
  engines: EngineCache;
}

export function createNluRuntime(options: Partial<NluRuntimeOptions> = {}): NluRuntime {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  return { ...NLU_RUNTIME_DEFAULTS, ...defined, engines: new EngineCache() };
}
