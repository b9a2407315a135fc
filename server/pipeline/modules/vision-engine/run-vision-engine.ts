/**
 * The pipeline's vision engine module (spec §3 Vision engine): the analysis's pages as
 * images, with their text, to the configured language model (server/llm/), whose JSON answer is
 * checked against the module's settings. It never throws and never loses the analysis: no model
 * configured is a plain `skipped` with the reason; a timeout, a refusal, a rate limit that outlasts
 * its retries or an answer that does not match the settings is an `error` outcome with the reason
 * (the later modules run, the analysis ends in error so that reanalyzing tries again).
 */
import type { EnvironmentModule } from '../../../../src/contract/environments';
import { visionEngineConfigSchema, type VisionEngineResult } from '../../../../src/contract/modules/vision-engine';
import { chatCompletion } from '../../../llm/chat';
import { llmConfig, type LlmConfig } from '../../../llm/config';
import type { ExtractionOutcome } from '../../extractor/extract';
import { visionInput, type PageRenderer } from './pages';
import { readVisionAnswer, visionChatRequest } from './request';
import { encodePipelineMessage, pipelineMessage, sentence, type LocalizedText } from '../../../../src/contract/pipeline-messages';
import { failureReason, reason } from '../../../../src/contract/failure-reasons';

export interface VisionModuleInput {
  module: EnvironmentModule;
  extraction: ExtractionOutcome | null;
  files: readonly { name: string; content: Uint8Array }[];
  /** The language model service; null: none configured (POSTROOM_LLM_BASE_URL unset). */
  llm?: LlmConfig | null;
  render?: PageRenderer;
}

export interface VisionModuleOutcome {
  outcome: 'success' | 'error' | 'skipped';
  message: string;
  result: VisionEngineResult | null;
  /** Set on errors: the analysis ends in error (reanalyze retries), the later modules still run. */
  partialFailure?: string;
}

export const NO_LLM_MESSAGE = pipelineMessage('module.noLlm');

const failed = (message: string): VisionModuleOutcome => ({ outcome: 'error', message, result: null, partialFailure: message });

export async function runVisionEngine({ module, extraction, files, llm = llmConfig(), render }: VisionModuleInput): Promise<VisionModuleOutcome> {
  const parsed = visionEngineConfigSchema.safeParse(module.config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return failed(pipelineMessage('module.configurationInvalid', { name: module.name, problem: reason('reason.invalidSetting', `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`) }));
  }
  const config = parsed.data;
  if (!config.active) return { outcome: 'skipped', message: pipelineMessage('module.notActiveInSettings', { name: module.name }), result: null };
  if (llm === null) return { outcome: 'skipped', message: NO_LLM_MESSAGE, result: null };
  if (extraction === null) return { outcome: 'skipped', message: pipelineMessage('module.extractorDidNotRun'), result: null };
  try {
    const input = await visionInput(extraction, files, config.maxPages, render);
    const answer = await chatCompletion(llm, visionChatRequest(config, input));
    const retried = answer.attempts > 1 ? [sentence('visionEngine.attempts', { count: answer.attempts })] : [];
    if (!answer.ok) return failed(encodePipelineMessage(sentence('visionEngine.noAnswer', { code: answer.code, reason: answer.reason }), ...retried));
    const read = readVisionAnswer(config, answer.text);
    if (!read.ok) return failed(encodePipelineMessage(sentence('visionEngine.answerRefused', { reason: read.reason }), ...retried));
    const result: VisionEngineResult = {
      type: config.type,
      model: answer.model || llm.model,
      ...read.value,
      pages: input.images.map((image) => ({ document: image.document, page: image.page })),
      pagesLeftOut: input.pagesLeftOut,
    };
    return { outcome: 'success', message: summary(result, input.notes, retried), result };
  } catch (error) {
    return failed(pipelineMessage('visionEngine.failed', { reason: failureReason(error) }));
  }
}

/** The trace's summary, stored as keys: what the model found, then the pages' notes. */
function summary(result: VisionEngineResult, notes: readonly LocalizedText[], retried: readonly LocalizedText[]): string {
  const about = { model: result.model, pages: result.pages.length };
  const found =
    result.type === 'strict_extraction'
      ? sentence('visionEngine.fieldsFound', { ...about, found: Object.values(result.fields).filter((value) => value !== null).length, total: Object.keys(result.fields).length })
      : result.categories.length > 0
        ? sentence('visionEngine.categories', { ...about, categories: result.categories.join(', ') })
        : sentence('visionEngine.noCategory', about);
  const left = result.pagesLeftOut > 0 ? [sentence('visionEngine.pagesLeftOut', { count: result.pagesLeftOut })] : [];
  return encodePipelineMessage(found, ...retried, ...left, ...notes);
}
