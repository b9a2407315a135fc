/**
 * A module task the pool could not finish (past its deadline, over its memory cap, crashed) → the
 * module's `error` outcome, translated. Only that module is lost: the run goes on as after any
 * module error (run-modules.ts), with the results of the modules before it.
 */
import type { EnvironmentModule } from '../../src/contract/environments';
import { pipelineMessage } from '../../src/contract/pipeline-messages';
import type { PoolResult } from './module-pool';

export type PoolFailure = Extract<PoolResult<unknown>, { ok: false }>;

export function stoppedModuleMessage(module: Pick<EnvironmentModule, 'name'>, failure: PoolFailure): string {
  if (failure.code === 'timeout') return pipelineMessage('module.timedOut', { name: module.name, seconds: failure.limit ?? 0 });
  if (failure.code === 'memory') return pipelineMessage('module.outOfMemory', { name: module.name, megabytes: failure.limit ?? 0 });
  return pipelineMessage('module.failed', { name: module.name, reason: failure.reason });
}

export function stoppedModule(module: Pick<EnvironmentModule, 'name'>, failure: PoolFailure): { outcome: 'error'; message: string; result: null } {
  return { outcome: 'error', message: stoppedModuleMessage(module, failure), result: null };
}
