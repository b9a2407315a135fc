/**
 * The reply template module's step (issue 14): chooses the environment's template for the analysis's
 * category (else the default), renders it on what the earlier modules produced, asks the language
 * model for an "LLM prompt" template, and answers `{ template, draft, llm? }` (the output's
 * `replyProposal`). A failed render or model call is an `error` outcome with the template and line in
 * the trace, and a row of the Errors tab; the analysis itself goes on (it only lacks a draft).
 */
import { replyTemplateConfigSchema } from '../../../../src/contract/modules/reply-template';
import { selectReplyTemplate } from '../../../../src/replies/select';
import { buildReplyVariables } from '../../../../src/replies/variables';
import { draftReply } from '../../../replies/draft';
import { recordReplyError } from '../../../replies/errors';
import type { AskModel } from '../../../replies/ask-model';
import type { ModuleStep } from '../step';

/** §8 */
export const NO_DEFAULT_TEMPLATE = 'No default template: no reply will be generated';

export function replyTemplateStep(ask?: AskModel | null): ModuleStep {
  return async (module, context, state) => {
    const config = replyTemplateConfigSchema.safeParse(module.config).data ?? replyTemplateConfigSchema.parse({});
    const templates = context.settings.replyTemplates;
    const variables = buildReplyVariables({ name: context.analysis.name, metadata: context.analysis.metadata, modules: state.results });
    const selection = selectReplyTemplate(templates, variables.categories, config);
    if (selection.template === null) {
      const categories = variables.categories.length === 0 ? 'no category' : `categories ${variables.categories.join(', ')}`;
      return { outcome: 'skipped', message: `${NO_DEFAULT_TEMPLATE} (${categories}, no template answers them).` };
    }
    const { template } = selection;
    const draft = await draftReply({ template, templates, variables, config, chosenFor: selection.chosenFor, category: selection.category, ...(ask === undefined ? {} : { ask }) });
    if (draft.error !== null) {
      const where = draft.error.line === null ? `template "${draft.error.template}"` : `template "${draft.error.template}", line ${draft.error.line}`;
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
        });
        } catch {
          // The error list is a help, not the analysis: a failed insert must not fail the run.
        }
      }
      return { outcome: 'error', message: `Reply template "${template.name}" failed (${where}): ${draft.error.message}` };
    }
    const reason = selection.chosenFor === 'category' ? `category "${selection.category}"` : 'the default template';
    const llm = draft.result?.llm ? ` The language model ${draft.result.llm.model} wrote the draft from the rendered prompt.` : '';
    return { outcome: 'success', message: `Reply drafted with template "${template.name}" (${reason}), ${draft.result!.draft.length} characters.${llm}`, result: draft.result };
  };
}
