/**
 * The test endpoints and the configuration document's check run their pure computation as a module
 * worker task (ARCHITECTURE "Threads"): what a tenant typed (a Liquid program, a pattern, a 100 000
 * entry dictionary, a 2 MiB document) never holds the HTTP thread. A task stopped at its deadline or
 * over its heap cap answers 422 `testStopped`, one code for every such endpoint, with the limit
 * (`context` picks the sentence: `timeout` with `seconds`, `memory` with `megabytes`).
 */
import { HttpError } from '../http-error';
import { sharedModulePool, type PoolResult } from './module-pool';
import type { ModuleTask, TaskAnswers } from './protocol';

export type PoolFailure = Extract<PoolResult<unknown>, { ok: false }>;

export function testStopped(failure: PoolFailure): Error {
  if (failure.code === 'timeout') {
    return new HttpError(422, { message: failure.message, code: 'testStopped', params: { context: 'timeout', seconds: failure.limit ?? 0 } });
  }
  if (failure.code === 'memory') {
    return new HttpError(422, { message: failure.message, code: 'testStopped', params: { context: 'memory', megabytes: failure.limit ?? 0 } });
  }
  // A throw of the engine or a crash of its worker is our fault, as it was on this thread: a 500.
  return new Error(failure.message);
}

/** Runs the task on the shared pool; its answer, or the error above. */
export async function runTestTask<K extends ModuleTask['kind']>(task: Extract<ModuleTask, { kind: K }>, transfer?: ArrayBuffer[]): Promise<TaskAnswers[K]> {
  const answer = await sharedModulePool().run<K>(task, transfer ? { transfer } : {});
  if (answer.ok) return answer.value;
  throw testStopped(answer);
}
