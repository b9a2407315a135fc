/**
 * The environment's modules in order on one message: the part of a run shared by production analyses
 * (run.ts, which adds the claim, trace rows, status and webhook deliveries around it) and testing
 * center test runs (server/testing-center/execute-test-run.ts, which keeps the results to itself).
 */
import { carriedTaints } from '../../src/categorization/from-results';
import type { EnvironmentModule } from '../../src/contract/environments';
import { MODULE_STEPS } from './modules/registry';
import { emptyRunState, type RunContext, type RunState, type StepOutcome } from './modules/step';
import { pipelineMessage } from '../../src/contract/pipeline-messages';
import { keepOcrBoxes } from './ocr-boxes-step';

export interface ModuleLoopHooks {
  /** Before every module but the first, with that module (run.ts: trace rows written, a stopping server gives the claim back). */
  between?(next: EnvironmentModule): Promise<void>;
  /** After every module, with its outcome (run.ts: the trace row). */
  after?(module: EnvironmentModule, startedAt: Date, outcome: StepOutcome): Promise<void>;
}

export interface ModuleLoopEnd {
  state: RunState;
  /** A module could not go on: the later ones were skipped. */
  failure: string | null;
  /** Part of the work failed (an attachment, an OCR page); the later modules ran on the rest. */
  partialFailure: string | null;
}

export async function runModules(context: RunContext, hooks: ModuleLoopHooks = {}): Promise<ModuleLoopEnd> {
  const state = emptyRunState();
  let failure: string | null = null;
  let partialFailure: string | null = null;
  for (const [index, module] of context.modules.entries()) {
    if (index > 0 && hooks.between) await hooks.between(module);
    const startedAt = new Date();
    let outcome: StepOutcome;
    if (failure !== null) {
      outcome = { outcome: 'skipped', message: pipelineMessage('module.notRunEarlierFailed') };
    } else if (!module.active) {
      outcome = { outcome: 'skipped', message: pipelineMessage('module.deactivated', { name: module.name }) };
    } else if (module.requiredTaints.length > 0 && !module.requiredTaints.some((taint) => carriedTaints(state.taints).includes(taint))) {
      const carried = carriedTaints(state.taints);
      outcome = {
        outcome: 'skipped',
        message:
          carried.length === 0
            ? pipelineMessage('module.taintsRequiredNone', { name: module.name, required: module.requiredTaints.join(' | ') })
            : pipelineMessage('module.taintsRequired', { name: module.name, required: module.requiredTaints.join(' | '), carried: carried.join(', ') }),
      };
    } else {
      outcome = await MODULE_STEPS[module.type](module, context, state);
      failure = outcome.failure ?? null;
      partialFailure ??= outcome.partialFailure ?? null;
    }
    state.results.push({ moduleId: module.id, type: module.type, name: module.name, outcome: outcome.outcome, message: outcome.message, result: outcome.result ?? null });
    if (hooks.after) await hooks.after(module, startedAt, outcome);
  }
  // Once every result is known: the OCR words they were read from keep their boxes.
  await keepOcrBoxes(context, state);
  return { state, failure, partialFailure };
}
