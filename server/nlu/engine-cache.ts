/**
 * Compiled engines of this process, per environment, configuration revision and AI version (the
 * version changes what compiles: distance -1 needs 4.12). A write to an environment's NLU
 * configuration bumps its revision (revision.ts), so the next analysis compiles again, in this
 * process or any other sharing the database. Only the newest revision of an environment is kept.
 */
import type { CompiledNlu } from '../../src/nlu/index';
import type { NluConfigError } from '../../src/nlu/types';
import type { Database } from '../db/open';
import { nluEngine, type EngineModule } from './engine-module';
import { readRevision } from './revision';
import { loadNluSource } from './source';

export interface Compiled {
  engine: CompiledNlu | null;
  errors: NluConfigError[];
  /** The engine module's analysis, loaded with it (engine-module.ts). */
  analyseText: EngineModule['analyseText'];
}

interface Entry {
  revision: number;
  byVersion: Map<string, Compiled>;
}

export class EngineCache {
  private readonly environments = new Map<string, Entry>();
  /** How many compilations ran (tests check that a write invalidates and a read does not). */
  compilations = 0;

  async get(db: Database, environmentId: string, aiVersion: string): Promise<Compiled> {
    const revision = await readRevision(db, environmentId);
    let entry = this.environments.get(environmentId);
    if (entry === undefined || entry.revision !== revision) {
      entry = { revision, byVersion: new Map() };
      this.environments.set(environmentId, entry);
    }
    const cached = entry.byVersion.get(aiVersion);
    if (cached !== undefined) return cached;
    const source = await loadNluSource(db, environmentId);
    const { compileNlu, analyseText } = await nluEngine();
    this.compilations++;
    const compiled = { ...compileNlu(source, { aiVersion }), analyseText };
    // Another call may have moved the entry on meanwhile; keeping this result under its revision is still right.
    entry.byVersion.set(aiVersion, compiled);
    return compiled;
  }
}
