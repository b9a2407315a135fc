/**
 * The pipeline's consolidation module: the categorization modules' per-document
 * categories → the analysis's final categories and labels (src/categorization/consolidate.ts).
 * The workflow id is the configuration's; one left empty (a configuration never saved through the
 * server, which fills it) is created for the run and the trace says so. Manual final status is the
 * run's business (server/pipeline/run.ts): with it on, the analysis then waits for the PATCH that
 * sets `exchangeLabels`, and the `consolidation` webhooks receive this result in the payload.
 * Never throws.
 */
import type { EnvironmentModule } from '../contract/environments';
import type { CategorizationResult } from '../contract/modules/categorization';
import { consolidationConfigSchema, type ConsolidationResult } from '../contract/modules/consolidation';
import { consolidate } from './consolidate';
import { encodePipelineMessage, pipelineMessage, sentence } from '../contract/pipeline-messages';
import { failureReason, reason } from '../contract/failure-reasons';

export interface ConsolidationModuleInput {
  module: EnvironmentModule;
  results: readonly { moduleId: string; result: CategorizationResult }[];
  taints: readonly string[];
}

export interface ConsolidationModuleOutcome {
  outcome: 'success' | 'error';
  message: string;
  result: ConsolidationResult | null;
}

export function newWorkflowId(): string {
  return `wf-${globalThis.crypto.randomUUID()}`;
}

export function runConsolidationModule(input: ConsolidationModuleInput): ConsolidationModuleOutcome {
  try {
    const parsed = consolidationConfigSchema.safeParse(input.module.config);
    if (!parsed.success) {
      return { outcome: 'error', message: pipelineMessage('module.configurationInvalid', { name: input.module.name, problem: reason('reason.invalidSetting', `${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`) }), result: null };
    }
    const created = parsed.data.workflowId === '';
    const workflowId = created ? newWorkflowId() : parsed.data.workflowId;
    const result = consolidate({ config: parsed.data, workflowId, results: input.results, taints: input.taints });
    // Stored as keys: the console and API answers say it in their reader's language.
    const parts = [];
    if (created) parts.push(sentence('consolidation.workflowCreated', { workflowId }));
    if (input.results.length === 0) parts.push(sentence('consolidation.noCategorization'));
    parts.push(
      result.categories.length === 0
        ? sentence('consolidation.noFinalCategory')
        : sentence('consolidation.finalCategories', { categories: result.categories.map((c) => `${c.category} (${c.reason}, ${c.from.documentName})`).join(', '), labels: result.labels.join(', ') }),
    );
    return { outcome: 'success', message: encodePipelineMessage(...parts), result };
  } catch (error) {
    return { outcome: 'error', message: pipelineMessage('module.failed', { name: input.module.name, reason: failureReason(error) }), result: null };
  }
}
