/**
 * A reply draft from a chosen template: the render (src/replies/render.ts) and, for an
 * "LLM prompt" template, the configured language model's answer to it. Shared by the pipeline step
 * and the Tests endpoint, so a test answers what an analysis would get. Never throws.
 */
import { reason, sandboxFailureReason } from '../../src/contract/failure-reasons';
import type { ReplyTemplate, ReplyTemplateConfig, ReplyTemplateResult } from '../../src/contract/modules/reply-template';
import type { NestedText } from '../../src/contract/pipeline-messages';
import type { ReplyRender } from '../../src/replies/render';
import { sharedModulePool, type ModuleMeter } from '../module-workers/module-pool';
import type { PoolFailure } from '../module-workers/stopped-module';
import type { ReplyVariables } from '../../src/replies/variables';
import { askLanguageModel, type AskModel } from './ask-model';

export interface DraftInput {
  template: ReplyTemplate;
  templates: readonly ReplyTemplate[];
  variables: ReplyVariables;
  config: ReplyTemplateConfig;
  chosenFor: 'category' | 'default';
  category: string | null;
  /** The language model to ask (tests pass their own); default: the operator's (POSTROOM_LLM_*), or none. */
  ask?: AskModel | null;
  /** Charged the time the render took in its module worker (an analysis's CPU time). */
  meter?: ModuleMeter;
}

/** Renders the template (the tenant's Liquid): in a module worker, so the HTTP thread never runs it. */
async function render(input: DraftInput): Promise<ReplyRender | { stopped: PoolFailure }> {
  const answer = await sharedModulePool().run({
    kind: 'replyRender',
    template: { name: input.template.name, body: input.template.body },
    templates: input.templates.map(({ name, body }) => ({ name, body })),
    variables: input.variables,
  }, input.meter ? { meter: input.meter } : {});
  return answer.ok ? answer.value : { stopped: answer };
}

export interface DraftError {
  /** The sandbox's code (syntax, runtime, timeLimit…), `llmNotConfigured`, or the chat client's code. */
  code: string;
  template: string;
  line: number | null;
  /** In English (the template errors list, logs). */
  message: string;
  /** What a user reads (analysis traces): translated, the engine's own words marked as such. */
  reason: NestedText;
}

export interface Draft {
  result: ReplyTemplateResult | null;
  rendered: string;
  error: DraftError | null;
}

export async function draftReply(input: DraftInput): Promise<Draft> {
  const { template } = input;
  const rendered = await render(input);
  if ('stopped' in rendered) {
    const { stopped } = rendered;
    return { result: null, rendered: '', error: { code: stopped.code === 'timeout' ? 'timeLimit' : stopped.code === 'memory' ? 'memoryLimit' : 'runtime', template: template.name, line: null, message: stopped.message, reason: stopped.reason } };
  }
  if (!rendered.ok) {
    const { code, template: inTemplate, line, message, cycle } = rendered.error;
    const why = cycle === undefined ? sandboxFailureReason(rendered.error, 'templateEngine') : reason('reason.includeCycle', null, { cycle: cycle.join(' → ') });
    return { result: null, rendered: rendered.output, error: { code, template: inTemplate, line, message, reason: why } };
  }
  const chosen = { id: template.id, name: template.name, chosenFor: input.chosenFor, category: input.category };
  if (!template.llmPrompt) return { result: { template: chosen, draft: rendered.output }, rendered: rendered.output, error: null };

  const ask = input.ask === undefined ? askLanguageModel() : input.ask;
  if (ask === null) {
    return {
      result: null,
      rendered: rendered.output,
      error: {
        code: 'llmNotConfigured',
        template: template.name,
        line: null,
        message: 'No language model is configured (POSTROOM_LLM_BASE_URL is not set): the prompt was rendered but no draft was written.',
        reason: reason('reason.noLanguageModel'),
      },
    };
  }
  const answer = await ask(rendered.output, input.config.llmMaxTokens);
  if (!answer.ok) {
    return { result: null, rendered: rendered.output, error: { code: answer.code, template: template.name, line: null, message: answer.message, reason: answer.reason } };
  }
  return { result: { template: chosen, draft: answer.text, llm: { model: answer.model, prompt: rendered.output } }, rendered: rendered.output, error: null };
}
