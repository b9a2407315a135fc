/**
 * The reply template module's step: chooses the environment's template for the analysis's
 * category (else the default), renders it on what the earlier modules produced, asks the language
 * model for an "LLM prompt" template, and answers `{ template, draft, llm? }` (the output's
 * `replyProposal`). A failed render or model call is an `error` outcome with the template and line in
 * the trace, and a row of the Errors tab; the analysis itself goes on (it only lacks a draft).
 */
import { replyTemplateConfigSchema } from '../../../../src/contract/modules/reply-template';
import { selectReplyTemplate } from '../../../../src/replies/select';
import { sharedModulePool } from '../../../module-workers/module-pool';
import { stoppedModule } from '../../../module-workers/stopped-module';
import { draftReply } from '../../../replies/draft';
import { recordReplyError } from '../../../replies/errors';
import type { AskModel } from '../../../replies/ask-model';
import { metered, type ModuleStep } from '../step';
import { encodePipelineMessage, pipelineMessage, sentence } from '../../../../src/contract/pipeline-messages';


export function replyTemplateStep(ask?: AskModel | null): ModuleStep {
  return async (module, context, state) => {
    const config = replyTemplateConfigSchema.safeParse(module.config).data ?? replyTemplateConfigSchema.parse({});
    const templates = context.settings.replyTemplates;
    // Built in a module worker: they read the NLU's result, which only the workers decode.
    const built = await sharedModulePool().run(
      { kind: 'replyVariables', source: { name: context.analysis.name, metadata: context.analysis.metadata, modules: state.results } },
      metered(context),
    );
    if (!built.ok) return stoppedModule(module, built);
    const variables = built.value;
    const selection = selectReplyTemplate(templates, variables.categories, config);
    if (selection.template === null) {
      const message =
        variables.categories.length === 0
          ? pipelineMessage('replyTemplate.noTemplateNoCategory')
          : pipelineMessage('replyTemplate.noTemplateForCategories', { categories: variables.categories.join(', ') });
      return { outcome: 'skipped', message };
    }
    const { template } = selection;
    const draft = await draftReply({ template, templates, variables, config, chosenFor: selection.chosenFor, category: selection.category, ...(ask === undefined ? {} : { ask }), ...metered(context) });
    if (draft.error !== null) {
      // A test run's errors stay in its own results, out of the template errors tab.
      if (!context.testRun) {
        try {
        await recordReplyError(context.db, {
          environmentId: context.analysis.environmentId,
          analysisId: context.analysis.id,
          analysisName: context.analysis.name,
          template: template.name,
          inTemplate: draft.error.template,
          line: draft.error.line,
          code: draft.error.code,
          message: draft.error.message,
          reason: draft.error.reason,
        });
        } catch {
          // The error list is a help, not the analysis: a failed insert must not fail the run.
        }
      }
      const failed =
        draft.error.line === null
          ? pipelineMessage('replyTemplate.failed', { template: template.name, inTemplate: draft.error.template, reason: draft.error.reason })
          : pipelineMessage('replyTemplate.failedAtLine', { template: template.name, inTemplate: draft.error.template, line: draft.error.line, reason: draft.error.reason });
      return { outcome: 'error', message: failed };
    }
    const characters = draft.result!.draft.length;
    const parts = [
      selection.chosenFor === 'category'
        ? sentence('replyTemplate.draftedForCategory', { template: template.name, category: selection.category ?? '', characters })
        : sentence('replyTemplate.draftedDefault', { template: template.name, characters }),
    ];
    if (draft.result?.llm) parts.push(sentence('replyTemplate.llmWrote', { model: draft.result.llm.model }));
    return { outcome: 'success', message: encodePipelineMessage(...parts), result: draft.result };
  };
}
