/**
 * An environment's NLU configuration compiled (and a text analysed) in a module worker, for the NLU
 * test and the configuration checks of saves and imports: compiling a dictionary of 100 000 entries
 * takes seconds, which the HTTP thread must not spend. The worker keeps the engine per revision;
 * the configuration is read from the database only when it has none. A compile stopped at the
 * module deadline or memory cap answers 422 `testStopped` (module-workers/test-task.ts).
 */
import type { EnvironmentLanguage } from '../../src/contract/environments';
import type { NluResult } from '../../src/contract/modules/nlu';
import type { NluConfigError } from '../../src/nlu/types';
import type { Database } from '../db/open';
import type { NluTestTask } from '../module-workers/nlu-blocks';
import { runTestTask } from '../module-workers/test-task';
import { readRevision } from './revision';
import type { NluRuntime } from './runtime';
import { loadNluSourceForWorker, type ServerRow } from './source';

export async function nluInWorker(
  db: Database,
  runtime: NluRuntime,
  environmentId: string,
  aiVersion: string,
  analyse?: { text: string; server: ServerRow; language?: EnvironmentLanguage; languages: readonly EnvironmentLanguage[] },
): Promise<{ errors: NluConfigError[]; result: NluResult | null }> {
  const task: NluTestTask = { kind: 'nluTest', environmentId, revision: await readRevision(db, environmentId), aiVersion, ...(analyse ? { analyse } : {}) };
  let answer = await runTestTask(task);
  if (answer.needSource) {
    const { source, transfer } = await loadNluSourceForWorker(db, environmentId);
    answer = await runTestTask({ ...task, source }, transfer);
  }
  if (answer.needSource) throw new Error('The module worker did not compile the NLU configuration it was given.');
  // Counted as before, when this thread compiled: a read must not compile again, a write must.
  if (answer.compiled) runtime.engines.compilations++;
  return { errors: answer.errors, result: answer.result };
}
