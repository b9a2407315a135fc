/**
 * The NLU module's CPU work, run in a module worker: compile the environment's configuration (kept
 * per environment, revision and AI version, so a write to the configuration is seen by the next
 * analysis) and analyse the text blocks the step chose. The step (server/pipeline/modules/nlu/)
 * reads the database; this file never does. A worker that has no engine for the key answers
 * `needSource`, and the step sends the configuration once (it is read from the database only then).
 */
import type { EnvironmentLanguage } from '../../src/contract/environments';
import type { NluResult } from '../../src/contract/modules/nlu';
import type { NluBlockResult, NluModuleResult } from '../../src/contract/nlu-module';
import type { NluConfigError } from '../../src/nlu/types';
import type { ServerRow } from '../nlu/source';
import { parsedNluSource, type WorkerNluSource } from '../nlu/worker-source';
import { analyseWithServer } from '../../src/nlu/analyse-with-server';
import { nluEngine } from '../nlu/engine-module';
import type { Compiled } from '../nlu/engine-cache';
import { holdJson, type HeldJson } from './held-json';

export interface NluBlocksTask {
  kind: 'nluBlocks';
  environmentId: string;
  revision: number;
  aiVersion: string;
  /** Sent only after a `needSource` answer. */
  source?: WorkerNluSource;
  server: ServerRow;
  contexts?: string[];
  languages: readonly EnvironmentLanguage[];
  texts: string[];
  /** Where each text comes from (same order), to place its result in the module's result. */
  places: Omit<NluBlockResult, 'result'>[];
  /** Blocks left when this many ms have passed are counted, not analysed. */
  budgetMs: number;
}

export type NluBlocksAnswer =
  | { needSource: true }
  | {
      needSource: false;
      engine: boolean;
      errors: NluConfigError[];
      /** The module's result, kept as JSON bytes on the HTTP thread (held-json.ts); what the step's message says is beside it. */
      result: HeldJson<NluModuleResult>;
      analysed: number;
      /** Interactions complete in at least one block. */
      complete: string[];
      notAnalysed: number;
    };

/** The newest revision per environment, a few environments per worker. */
const MAX_ENVIRONMENTS = 16;
const engines = new Map<string, { revision: number; byVersion: Map<string, Compiled> }>();

/** What a worker needs to find or compile an environment's engine. */
type EngineKey = Pick<NluBlocksTask, 'environmentId' | 'revision' | 'aiVersion' | 'source'>;
/** Set when the last compiledFor compiled (the NLU test's answer says so: engine-cache.ts counts compilations). */
let compiledNow = false;

async function compiledFor(task: EngineKey): Promise<Compiled | null> {
  compiledNow = false;
  let entry = engines.get(task.environmentId);
  if (entry !== undefined && entry.revision !== task.revision) entry = undefined;
  const cached = entry?.byVersion.get(task.aiVersion);
  if (cached !== undefined) return cached;
  if (task.source === undefined) return null;
  const { compileNlu, analyseText } = await nluEngine();
  const compiled: Compiled = { ...compileNlu(parsedNluSource(task.source), { aiVersion: task.aiVersion }), analyseText };
  compiledNow = true;
  if (entry === undefined) {
    entry = { revision: task.revision, byVersion: new Map() };
    engines.delete(task.environmentId);
    engines.set(task.environmentId, entry);
    if (engines.size > MAX_ENVIRONMENTS) engines.delete(engines.keys().next().value!);
  }
  entry.byVersion.set(task.aiVersion, compiled);
  return compiled;
}

export async function runNluBlocks(task: NluBlocksTask): Promise<NluBlocksAnswer> {
  const compiled = await compiledFor(task);
  if (compiled === null) return { needSource: true };
  const startedAt = Date.now();
  const results: NluResult[] = [];
  let notAnalysed = 0;
  for (const text of task.texts) {
    if (compiled.engine === null || Date.now() - startedAt > task.budgetMs) {
      if (compiled.engine !== null) notAnalysed++;
      continue;
    }
    results.push(analyseWithServer(text, { compiled, server: task.server, ...(task.contexts ? { contexts: task.contexts } : {}), environmentLanguages: task.languages }));
  }
  const blocks: NluBlockResult[] = results.map((result, index) => ({ ...task.places[index]!, result }));
  const complete = [...new Set(blocks.flatMap((block) => block.result.interactions.filter((interaction) => interaction.complete).map((interaction) => interaction.id)))];
  const result: NluModuleResult = { server: task.server.name, context: task.contexts?.[0] ?? null, blocks, blocksNotAnalysed: notAnalysed };
  return { needSource: false, engine: compiled.engine !== null, errors: compiled.errors, result: holdJson(result), analysed: blocks.length, complete, notAnalysed };
}

/**
 * The NLU test and the configuration checks (server/nlu/in-worker.ts): the environment's engine from
 * this worker's cache (compiled when missing), its configuration errors and, given a text, what the
 * server would answer for it.
 */
export interface NluTestTask extends EngineKey {
  kind: 'nluTest';
  /** With a text: the server it goes through, and the language asked. */
  analyse?: { text: string; server: ServerRow; language?: EnvironmentLanguage; languages: readonly EnvironmentLanguage[] };
}

export type NluTestAnswer = { needSource: true } | { needSource: false; compiled: boolean; errors: NluConfigError[]; result: NluResult | null };

export async function runNluTest(task: NluTestTask): Promise<NluTestAnswer> {
  const compiled = await compiledFor(task);
  if (compiled === null) return { needSource: true };
  const fresh = compiledNow;
  const analyse = task.analyse;
  const result =
    analyse === undefined
      ? null
      : analyseWithServer(analyse.text, { compiled, server: analyse.server, ...(analyse.language ? { language: analyse.language } : {}), environmentLanguages: analyse.languages });
  return { needSource: false, compiled: fresh, errors: compiled.errors, result };
}
