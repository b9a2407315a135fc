/**
 * Compiled NLU engines live in the module workers (module-workers/nlu-blocks.ts), per environment,
 * configuration revision and AI version; a write to an environment's NLU configuration bumps its
 * revision (revision.ts), so the next analysis or check compiles again, in any process sharing the
 * database. This process only counts the compilations the workers report (tests check that a write
 * makes one and a read does not).
 */
export type { Compiled } from '../../src/nlu/analyse-with-server';

export class EngineCache {
  /** How many compilations the module workers ran for this process. */
  compilations = 0;
}
