/**
 * The language model an "LLM prompt" reply template asks: the operator's OpenAI-compatible
 * service (server/llm/config.ts, POSTROOM_LLM_*), the rendered template as the one user message, the
 * answer's text as the draft. Null when no service is configured: the caller says so plainly.
 */
import type { NestedText } from '../../src/contract/pipeline-messages';
import { chatCompletion } from '../llm/chat';
import { llmConfig } from '../llm/config';

export type AskModel = (prompt: string, maxTokens: number) => Promise<{ ok: true; text: string; model: string } | { ok: false; code: string; message: string; reason: NestedText }>;

/** Read at each draft, so a changed configuration applies without a restart of the step. */
export function askLanguageModel(env: NodeJS.ProcessEnv = process.env): AskModel | null {
  const config = llmConfig(env);
  if (config === null) return null;
  return async (prompt, maxTokens) => {
    const answer = await chatCompletion(config, { messages: [{ role: 'user', content: prompt }], maxTokens });
    if (!answer.ok) return { ok: false, code: answer.code, message: answer.message, reason: answer.reason };
    return { ok: true, text: answer.text.trim(), model: answer.model || config.model };
  };
}
