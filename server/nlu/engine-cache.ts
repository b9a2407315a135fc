/**
 * Compiled NLU engines live in the module workers (module-workers/nlu-blocks.ts), per environment,
 * configuration revision and AI version; a write to an environment's NLU configuration bumps its
 * revision (revision.ts), so the next analysis or check compiles again, in any process sharing the
 * database. This process only counts the compilations the workers report (tests check that a write
 * makes one and a read does not).
 */
import type { CompiledNlu } from '../../src/nlu/index';
import type { NluConfigError } from '../../src/nlu/types';
import type { EngineModule } from './engine-module';

export interface Compiled {
  engine: CompiledNlu | null;
  errors: NluConfigError[];
  /** The engine module's analysis, loaded with it (engine-module.ts). */
  analyseText: EngineModule['analyseText'];
}

export class EngineCache {
  /** How many compilations the module workers ran for this process. */
  compilations = 0;
}
